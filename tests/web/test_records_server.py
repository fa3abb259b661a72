"""Records sent to the server (issue 26, points 5 and 9): verified in a worker within a time limit,
bounded per caller, and a seed commitment either opened or plainly absent."""

import json

from click.testing import CliRunner
from fastapi.testclient import TestClient

from cwbattles.cli import main
from cwbattles.web.app import create_app
from cwbattles.web.limits import Limits
from cwbattles.web.views import fairness

from .test_api_aids import finished_record

SALT = "5" * 32


def committed(doc: dict) -> dict:
    """The record as a web game's page downloads it: with its seed commitment, opened."""
    return dict(doc, fairness=fairness(doc["game"], doc["seed"], SALT, True))


def verify_cli(tmp_path, doc):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    return CliRunner().invoke(main, ["replay", "--verify", str(path)])


def test_a_commitment_must_open_and_a_record_without_one_says_so(client, tmp_path):
    doc = committed(finished_record(seed=21).to_json())
    r = client.post("/api/records", json={"record": doc})
    assert r.status_code == 200 and r.json()["commitment"] == "opened"
    assert "opens the commitment" in verify_cli(tmp_path, doc).output
    md5 = dict(doc, fairness=dict(doc["fairness"], hash="md5"))
    r = client.post("/api/records", json={"record": md5})
    assert r.status_code == 400 and "md5" in r.json()["detail"]
    out = verify_cli(tmp_path, md5)
    assert out.exit_code == 1 and "verified" not in out.output
    bare = {k: v for k, v in doc.items() if k != "fairness"}
    r = client.post("/api/records", json={"record": bare})
    assert r.status_code == 200 and r.json()["commitment"] == "none"
    out = verify_cli(tmp_path, bare)
    assert out.exit_code == 0 and "carries no seed commitment" in out.output


def test_records_are_verified_in_a_worker_within_a_time_limit_and_bounded_per_caller(tmp_path):
    doc = finished_record(seed=21).to_json()
    limits = Limits(record_seconds=0.001, records_per_minute=3)
    with TestClient(create_app(str(tmp_path / "g.sqlite3"), limits)) as c:
        r = c.post("/api/records", json={"record": doc})
        assert r.status_code == 400 and "took over" in r.json()["detail"]
        codes = [c.post("/api/records", json={"record": doc}).status_code for _ in range(3)]
        assert codes == [400, 400, 429]
