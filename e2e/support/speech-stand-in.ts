/**
 * Injected before the page loads (page.addInitScript): a SpeechRecognition stand-in the test
 * drives with window.__say(text) — an interim result, then the final one — and a speechSynthesis
 * whose utterances end after 30 ms (headless Chromium has no voices). Chromium's fake audio
 * device still serves getUserMedia.
 */
export const SPEECH_STAND_IN = `
(() => {
  const state = { instances: [], running: null, started: 0 };
  class FakeRecognition {
    constructor() { this.lang = ''; this.continuous = false; this.interimResults = false; this.maxAlternatives = 1;
      this.onresult = null; this.onend = null; this.onerror = null; state.instances.push(this); }
    start() { if (state.running === this) throw new Error('already started'); state.running = this; state.started += 1; }
    stop() { if (state.running === this) { state.running = null; setTimeout(() => this.onend && this.onend(), 0); } }
    abort() { this.stop(); }
  }
  const result = (text, isFinal, confidence) => { const r = [{ transcript: text, confidence }]; r.isFinal = isFinal; return r; };
  window.SpeechRecognition = FakeRecognition;
  window.webkitSpeechRecognition = FakeRecognition;
  window.__speech = state;
  window.__micOn = () => state.running !== null;
  window.__say = (text) => {
    const rec = state.running;
    if (!rec || !rec.onresult) return false;
    const half = text.split(' ').slice(0, 3).join(' ');
    rec.onresult({ resultIndex: 0, results: Object.assign([result(half, false, 0.5)], { length: 1 }) });
    rec.onresult({ resultIndex: 0, results: Object.assign([result(text, true, 0.92)], { length: 1 }) });
    return true;
  };
  const synth = window.speechSynthesis;
  if (synth) {
    synth.speak = (u) => setTimeout(() => u.onend && u.onend(new Event('end')), 30);
    synth.cancel = () => {};
  }
})();
`;

export const DENY_MICROPHONE = `
(() => {
  navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
})();
`;
