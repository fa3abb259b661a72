// "Your turn": when the game comes back to the player, the tab's title says so, a short sound
// plays if the player asked for one, and the browser's notification shows when allowed and the
// tab is out of sight. The two switches are kept in this browser.
const SOUND_KEY = "cwbattles.sound";
const $ = (id) => document.getElementById(id);

export function makeSignal(baseTitle) {
  let mine = false;
  let title = baseTitle;

  function soundOn() {
    return localStorage.getItem(SOUND_KEY) === "on";
  }

  function beep() {
    try {
      const ctx = new (window.AudioContext || window.webkitAudioContext)();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 660;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.18);
    } catch {
      /* no audio here: the title still says it */
    }
  }

  function notify(text) {
    if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
    try {
      new Notification("cwbattles: your turn", { body: text, tag: "cwbattles-turn" });
    } catch {
      /* some browsers allow notifications only from a service worker */
    }
  }

  function paint() {
    document.title = mine ? `● Your turn — ${title}` : title;
    $("sound-toggle").textContent = soundOn() ? "♪ on" : "♪ off";
    const n = $("notify-toggle");
    if (!("Notification" in window)) n.hidden = true;
    else n.textContent = Notification.permission === "granted" ? "notify on" : "notify off";
  }

  /** myTurn: the player has a decision to make; what: a few words about it. */
  function update(myTurn, what) {
    const was = mine;
    mine = myTurn;
    if (mine && !was) {
      if (soundOn()) beep();
      notify(what);
    }
    paint();
  }

  $("sound-toggle").addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    if (soundOn()) beep();
    paint();
  });
  $("notify-toggle").addEventListener("click", async () => {
    if ("Notification" in window && Notification.permission === "default") await Notification.requestPermission();
    paint();
  });
  paint();
  return { update, setTitle: (t) => { title = t; paint(); }, get mine() { return mine; } };
}
