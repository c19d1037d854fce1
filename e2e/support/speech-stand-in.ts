/**
 * Injected before the page loads (page.addInitScript): a SpeechRecognition stand-in the test
 * drives, and a speechSynthesis stand-in (headless Chromium has no voices). Chromium's fake audio
 * device still serves getUserMedia.
 *
 * Recognition, like the real one, says it started (`start`, `audiostart`) a moment after
 * `start()` (window.__speech.startDelayMs, 40 ms by default) and hears nothing before that.
 * - window.__say(text): an interim result, then the final one; false when nothing is listening.
 * - window.__speakSlowly(sentences, { msPerWord, pausesMs }): a person talking — interim words as
 *   they come, each sentence final at its end, then a pause; resolves to the number of results
 *   that found no recogniser listening (0 when every word was heard).
 * - window.__sayAfterReply(text, delayMs): once the interviewer's voice has ended (no sentence
 *   follows within delayMs), says `text`; window.__speech.afterReply records whether it was heard.
 *
 * Speech ends each sentence after 30 ms without ever starting, like a browser without voices,
 * unless window.__speech.voice = { audible: true, msPerChar, echo } — then each sentence starts,
 * lasts msPerChar per character, and with `echo` the microphone hears it (interim, then final):
 * the interviewer's own voice coming back through the speakers. An audible sentence also fires a
 * word `boundary` as each word begins; window.__speech.current is the sentence being spoken
 * ({ text, chars: where its word being said ends }) and window.__speech.utterances every sentence
 * given to speak, in order.
 */
export const SPEECH_STAND_IN = `
(() => {
  const state = {
    instances: [], running: null, started: 0, startDelayMs: 40,
    voice: { audible: false, msPerChar: 20, echo: false },
    speaking: 0, lastSpeechEnd: 0, afterReply: null, missed: 0, current: null, utterances: [],
  };
  class FakeRecognition {
    constructor() { this.lang = ''; this.continuous = false; this.interimResults = false; this.maxAlternatives = 1;
      this.onresult = null; this.onend = null; this.onerror = null; this.onstart = null; this.onaudiostart = null;
      this.live = false; state.instances.push(this); }
    start() {
      if (state.running === this) throw new Error('already started');
      state.running = this; state.started += 1;
      setTimeout(() => {
        if (state.running !== this) return;
        this.live = true;
        this.onstart && this.onstart(new Event('start'));
        this.onaudiostart && this.onaudiostart(new Event('audiostart'));
      }, state.startDelayMs);
    }
    stop() { if (state.running === this) { state.running = null; this.live = false; setTimeout(() => this.onend && this.onend(), 0); } }
    abort() { this.stop(); }
  }
  const result = (text, isFinal, confidence) => { const r = [{ transcript: text, confidence }]; r.isFinal = isFinal; return r; };
  const emit = (text, isFinal) => {
    const rec = state.running;
    if (!rec || !rec.live || !rec.onresult) { state.missed += 1; return false; }
    rec.onresult({ resultIndex: 0, results: Object.assign([result(text, isFinal, isFinal ? 0.92 : 0.5)], { length: 1 }) });
    return true;
  };
  window.SpeechRecognition = FakeRecognition;
  window.webkitSpeechRecognition = FakeRecognition;
  window.__speech = state;
  window.__micOn = () => state.running !== null && state.running.live;
  window.__say = (text) => {
    const rec = state.running;
    if (!rec || !rec.live || !rec.onresult) return false;
    emit(text.split(' ').slice(0, 3).join(' '), false);
    return emit(text, true);
  };
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  window.__speakSlowly = async (sentences, { msPerWord = 280, pausesMs = [1500] } = {}) => {
    const before = state.missed;
    for (let i = 0; i < sentences.length; i++) {
      if (i > 0) await wait(pausesMs[(i - 1) % pausesMs.length]);
      const words = sentences[i].split(' ');
      for (let n = 1; n < words.length; n++) {
        emit(words.slice(0, n).join(' '), false);
        await wait(msPerWord);
      }
      emit(sentences[i], true);
    }
    return state.missed - before;
  };
  window.__sayAfterReply = (text, delayMs = 150) => { state.afterReply = { text, delayMs, heard: null }; };
  const replyMayHaveEnded = () => {
    const armed = state.afterReply;
    if (!armed || armed.heard !== null) return;
    setTimeout(() => {
      if (state.speaking > 0 || armed.heard !== null) return;
      armed.heard = window.__say(armed.text);
      armed.at = Date.now() - state.lastSpeechEnd;
    }, armed.delayMs);
  };
  const synth = window.speechSynthesis;
  if (synth) {
    synth.speak = (u) => {
      const v = state.voice;
      state.speaking += 1;
      let done = false;
      const end = (how) => {
        if (done) return;
        done = true;
        state.speaking -= 1;
        state.lastSpeechEnd = Date.now();
        if (state.current === current) state.current = null;
        if (how === 'end') u.onend && u.onend(new Event('end'));
        else u.onerror && u.onerror(Object.assign(new Event('error'), { error: how }));
        replyMayHaveEnded();
      };
      const current = { end, text: u.text, chars: 0 };
      state.current = current;
      state.utterances.push(u.text);
      if (!v.audible) { setTimeout(() => end('end'), 30); return; }
      const ms = Math.max(300, u.text.length * v.msPerChar);
      setTimeout(() => { if (!done) u.onstart && u.onstart(new Event('start')); }, 10);
      // A word boundary as each word begins, at the voice's pace, as Chrome's voices report them.
      for (const m of u.text.matchAll(/\\S+/g)) {
        setTimeout(() => {
          if (done) return;
          current.chars = m.index + m[0].length;
          u.onboundary && u.onboundary(Object.assign(new Event('boundary'), { name: 'word', charIndex: m.index, charLength: m[0].length }));
        }, 10 + m.index * v.msPerChar);
      }
      if (v.echo) {
        setTimeout(() => { if (!done) emit(u.text.split(' ').slice(0, 3).join(' '), false); }, ms * 0.4);
        setTimeout(() => { if (!done) emit(u.text, true); }, ms - 60);
      }
      setTimeout(() => end('end'), ms);
    };
    synth.cancel = () => { const c = state.current; state.current = null; if (c) c.end('interrupted'); };
  }
})();
`;

export const DENY_MICROPHONE = `
(() => {
  navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
})();
`;
