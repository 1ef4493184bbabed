import fsp from 'node:fs/promises';

/**
 * The first `maxBytes` bytes of a file (all of it when shorter). Its own
 * module because the extraction worker reads with it and must not load the
 * blob stores (nor their S3 client) into its small heap.
 */
export async function readHead(file: string, maxBytes: number): Promise<Buffer> {
  const fh = await fsp.open(file, 'r');
  try {
    const { size } = await fh.stat();
    const length = Math.min(size, maxBytes);
    const buf = Buffer.alloc(length);
    let offset = 0;
    while (offset < length) {
      const { bytesRead } = await fh.read(buf, offset, length - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return buf.subarray(0, offset);
  } finally {
    await fh.close();
  }
}
