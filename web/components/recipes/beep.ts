/**
 * The timer's sound: three short beeps from an oscillator (no sound file to download). Browsers only
 * let a page play sound after the member did something, so the audio is set up when they press 'Start
 * timer' and reused when the timer ends.
 */
let context: AudioContext | null = null;

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

/** Call from the click that starts a timer. */
export function prepareBeep(): void {
  try {
    const Context = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    if (context.state === 'suspended') void context.resume().catch(() => {});
  } catch {
    context = null; // no audio here: the visible message is enough
  }
}

export function beep(): void {
  if (!context) return;
  try {
    const start = context.currentTime + 0.05;
    for (let i = 0; i < 3; i++) {
      const at = start + i * 0.35;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.26);
    }
  } catch {
    // the audio went away (a device change): the visible message stays
  }
}

/** Cook mode closed: the audio device is let go. */
export function releaseBeep(): void {
  void context?.close().catch(() => {});
  context = null;
}
