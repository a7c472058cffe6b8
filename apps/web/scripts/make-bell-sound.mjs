// Writes apps/web/public/bell.wav: the preparation area's new-ticket bell (spec 2 §9), a short
// two-strike "ding-dong" made of a few decaying bell partials. 16-bit mono PCM at 16 kHz, about
// 1 s, under 40 KB. Run: node apps/web/scripts/make-bell-sound.mjs
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const RATE = 16_000;
const SECONDS = 1.0;
/** Bell-like partials: frequency ratio, relative amplitude, decay time constant in seconds. */
const PARTIALS = [
  [0.5, 0.18, 0.6],
  [1, 1, 0.45],
  [2, 0.45, 0.28],
  [2.76, 0.3, 0.18],
  [4.07, 0.12, 0.1],
];
/** Two strikes: E6 then C6, the second a little softer. */
const STRIKES = [
  { at: 0, frequency: 1318.5, gain: 1 },
  { at: 0.2, frequency: 1046.5, gain: 0.85 },
];

const samples = new Float64Array(Math.round(RATE * SECONDS));
for (const strike of STRIKES) {
  const start = Math.round(strike.at * RATE);
  for (let i = start; i < samples.length; i++) {
    const t = (i - start) / RATE;
    const attack = Math.min(1, t / 0.003); // no click at the strike
    let value = 0;
    for (const [ratio, amplitude, decay] of PARTIALS) {
      value += amplitude * Math.exp(-t / decay) * Math.sin(2 * Math.PI * strike.frequency * ratio * t);
    }
    samples[i] += strike.gain * attack * value;
  }
}
// Normalise to 80% of full scale and fade the last 100 ms to silence.
const peak = samples.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
const fade = Math.round(0.1 * RATE);
const pcm = Buffer.alloc(samples.length * 2);
samples.forEach((v, i) => {
  const tail = Math.min(1, (samples.length - 1 - i) / fade);
  pcm.writeInt16LE(Math.round((v / peak) * 0.8 * tail * 32767), i * 2);
});

const header = Buffer.alloc(44);
header.write("RIFF", 0);
header.writeUInt32LE(36 + pcm.length, 4);
header.write("WAVE", 8);
header.write("fmt ", 12);
header.writeUInt32LE(16, 16); // fmt chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28); // byte rate
header.writeUInt16LE(2, 32); // block align
header.writeUInt16LE(16, 34); // bits per sample
header.write("data", 36);
header.writeUInt32LE(pcm.length, 40);

const out = fileURLToPath(new URL("../public/bell.wav", import.meta.url));
writeFileSync(out, Buffer.concat([header, pcm]));
console.log(`wrote ${out} (${header.length + pcm.length} bytes)`);
