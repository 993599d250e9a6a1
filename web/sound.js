// The room's sounds, made on the spot with the Web Audio API (no audio files): a move, a
// capture (a piece gone from the board) and the end of a game.  Off unless the player turns
// them on; no AudioContext exists before the switch is on and the player has touched the page
// (a click or a key), as browsers ask.  Embedded boards make no sound.
const NOTES = {
  // [frequency from, frequency to, start (s), length (s), wave, loudness]
  move: [[520, 430, 0, 0.07, "triangle", 0.22]],
  capture: [[620, 300, 0, 0.12, "square", 0.07], [330, 180, 0.05, 0.14, "triangle", 0.2]],
  end: [[523, 523, 0, 0.22, "sine", 0.18], [659, 659, 0.12, 0.22, "sine", 0.16], [784, 784, 0.24, 0.4, "sine", 0.16]],
};

export class Sounds {
  constructor(on = false) {
    this.on = on;
    this.touched = false;  // a user gesture happened on this page
    this.context = null;
    const touch = () => {
      this.touched = true;
      if (this.on) this.start();
    };
    for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, touch, { capture: true });
  }

  // The switch: turned on by a click or a key, which is a gesture itself.
  set(on) {
    this.on = on;
    if (on && (this.touched || (navigator.userActivation && navigator.userActivation.isActive))) {
      this.touched = true;
      this.start();
    }
  }

  start() {
    if (!this.context) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      try { this.context = new Context(); } catch { return null; }
    }
    if (this.context.state === "suspended") this.context.resume().catch(() => {});
    return this.context;
  }

  // kind: "move", "capture" or "end".
  play(kind) {
    if (!this.on || !this.touched || !NOTES[kind]) return;
    const context = this.start();
    if (!context) return;
    try {
      const now = context.currentTime + 0.01;
      for (const [from, to, at, length, wave, loudness] of NOTES[kind]) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = wave;
        oscillator.frequency.setValueAtTime(from, now + at);
        oscillator.frequency.exponentialRampToValueAtTime(to, now + at + length);
        gain.gain.setValueAtTime(0.0001, now + at);
        gain.gain.exponentialRampToValueAtTime(loudness, now + at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(now + at);
        oscillator.stop(now + at + length + 0.02);
      }
    } catch { /* a sound is never worth an error */ }
  }
}
