/** 16-bit little-endian PCM <-> float samples in [-1, 1). */

/** The samples of a buffer of 16-bit LE PCM (its length must be even). */
export function pcm16ToFloat(pcm: Buffer): Float32Array {
  const n = pcm.length >> 1;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = pcm.readInt16LE(i * 2) / 32768;
  return out;
}

/** 16-bit LE PCM of float samples, rounded and clipped to the 16-bit range. */
export function floatToPcm16(samples: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.round(samples[i]! * 32768);
    out.writeInt16LE(v > 32767 ? 32767 : v < -32768 ? -32768 : v, i * 2);
  }
  return out;
}
