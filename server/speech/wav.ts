/** A RIFF/WAVE file of 16-bit LE mono PCM: a 44-byte header and the samples. */
export function wavFile(pcm: Buffer | Buffer[], sampleRate: number): Buffer<ArrayBuffer> {
  const parts = Array.isArray(pcm) ? pcm : [pcm];
  const dataBytes = parts.reduce((n, p) => n + p.length, 0);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, ...parts], 44 + dataBytes);
}
