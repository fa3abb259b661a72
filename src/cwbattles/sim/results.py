"""Reading and writing simulation results: Parquet (pyarrow), CSV or JSON lines (the journals
that bench scripts append a game at a time), one row per game."""

from __future__ import annotations

import csv
import json
from pathlib import Path

NUMERIC = {"index", "seed", "margin", "union_vp", "confederate_vp", "union_loss_vp", "confederate_loss_vp",
           "union_zone_vp", "confederate_zone_vp", "union_losses", "confederate_losses", "sheridan_turn",
           "early_turn", "tactical_retreat_turn", "tactical_retreats", "turns", "decisions"}


def columns(rows: list[dict]) -> list[str]:
    cols: list[str] = []
    for row in rows:
        for k in row:
            if k not in cols:
                cols.append(k)
    return cols


def write(rows: list[dict], path) -> None:
    path = Path(path)
    cols = columns(rows)
    if path.suffix == ".jsonl":
        with open(path, "w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
        return
    if path.suffix == ".csv":
        with open(path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=cols)
            w.writeheader()
            for row in rows:
                w.writerow(row)
        return
    import pyarrow as pa
    import pyarrow.parquet as pq
    data = {c: [row.get(c) for row in rows] for c in cols}
    pq.write_table(pa.table(data), path)


def read(path) -> list[dict]:
    path = Path(path)
    if path.suffix == ".jsonl":
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    if path.suffix == ".csv":
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
        for row in rows:
            for k, v in row.items():
                if k in NUMERIC and v not in ("", None):
                    row[k] = int(v)
                elif k == "seconds" and v:
                    row[k] = float(v)
                elif v == "":
                    row[k] = None if k in NUMERIC else ""
        return rows
    import pyarrow.parquet as pq
    return pq.read_table(path).to_pylist()
