"""Issue 27, point 6 on the zone map and Cedar Mountain's page: a choice the preview marks as
worse than the odds the units have asks before the dice are rolled. On Cedar Creek's map an
attack whose exact preview gives the attacking brigade more than even odds of being hit (11.4)
asks on the click that commits it; refused, nothing is sent; accepted, the attack is made. Cedar
Mountain's melee preview (12.4) asks when an attacking unit is more likely than not eliminated or
captured. The server, browser and helpers are those of test_browser."""

from .test_browser import api, browser, open_page, server, shot, view_of, wait_view  # noqa: F401
from .test_browser_round import wait_js
from .test_browser_tools import continued, record_until


def risky_attack(s):
    return next((a for a in s.legal_actions() if a.kind == "attack" and s.preview(a)["odds"]["attacker_hit"] > 0.5), None)


def test_a_likely_hit_asks_before_the_attack_on_the_zone_map(server, browser):  # noqa: F811
    rec = record_until("cedar-creek", 1, lambda s: risky_attack(s) is not None)
    attack = rec.game.action_to_json(risky_attack(rec.state))
    g = continued(server, rec)
    gid, token = g["id"], g["tokens"]["both"]
    page = open_page(browser, server + g["links"]["both"])
    page.wait_for_selector("svg.map .counter.brigade")
    seq = view_of(server, gid, token)["seq"]

    # On a phone (no pointer to rest): a tap opens the preview, its commit button asks.
    phone = open_page(browser, server + g["links"]["both"], width=390, height=844, touch=True)
    phone.wait_for_selector("svg.map .counter.brigade")
    # A touch screen has no resting pointer: a mouse-over (as a tap emulates) opens no hover
    # preview, whose click would commit at once instead of opening the preview to read.
    phone.locator(f"svg.map .zone-tag[data-zone='{attack['zone']}']").hover()
    phone.wait_for_timeout(500)
    assert phone.evaluate("window.cwbattles.hover === null && document.getElementById('preview').hidden")
    phone.locator(f"svg.map .zone-tag[data-zone='{attack['zone']}']").tap()
    phone.wait_for_selector("#preview:not([hidden]) #preview-commit")
    phone.screenshot(path=shot("risk-zone-map-phone.png"))
    asked = []
    phone.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    phone.locator("#preview-commit").click()
    assert asked and "hit" in asked[0], asked
    assert view_of(server, gid, token)["seq"] == seq
    phone.context.close()

    tag = page.locator(f"svg.map .zone-tag[data-zone='{attack['zone']}']")
    tag.hover()
    wait_js(page, "app.hover && app.hover.ready && app.hover.place === arg", attack["zone"])
    page.screenshot(path=shot("risk-zone-map.png"))
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    tag.click()
    assert asked and "hit" in asked[0] and "Roll anyway?" in asked[0], asked
    assert view_of(server, gid, token)["seq"] == seq                        # refused: nothing sent
    tag.hover()
    wait_js(page, "app.hover && app.hover.ready && app.hover.place === arg", attack["zone"])
    page.once("dialog", lambda d: d.accept())
    tag.click()
    wait_view(server, gid, token, lambda w: w["seq"] > seq)

    # Cedar Mountain's melee preview as the server gives it (systems/gbacw/preview.py): the worst
    # off attacking unit's chances of elimination and capture are added.
    questions = page.evaluate("""async () => {
      const { riskQuestion } = await import('/static/risk.js');
      const melee = (eliminated, captured) => ({ kind: 'melee', odds: '1-2', attackers: ['a', 'b'],
        units: { a: { eliminated: { p: 0.1 } }, b: { eliminated: { p: eliminated }, captured: { p: captured } },
                 d: { eliminated: { p: 0.9 } } } });
      const act = { kind: 'declare' };
      return [riskQuestion(act, 'melee', melee(0.3, 0.25)), riskQuestion(act, 'melee', melee(0.3, 0.1)),
              riskQuestion({ kind: 'fire_at', hex: 'x' }, 'fire', { kind: 'fire', units: { d: { eliminated: { p: 1 } } } })];
    }""")
    assert questions[0] and "eliminated or captured" in questions[0] and "55%" in questions[0] and "1-2" in questions[0]
    assert questions[1] is None and questions[2] is None    # 40%: no question; a fire risks the target only
    assert not page.errors, page.errors
    page.context.close()
