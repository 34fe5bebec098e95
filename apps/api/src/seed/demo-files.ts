import { deflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStorage } from '../platform/storage';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small real PNG: a two-colour gradient picked by the seed, so each demo file differs. */
function demoPng(seed: number, width = 240, height = 160): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = (seed * 37 + x) & 0xff;
      rows[row + 2 + x * 3] = (seed * 91 + y) & 0xff;
      rows[row + 3 + x * 3] = (seed * 13 + x + y) & 0xff;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page real PDF naming the file. */
function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Gives the generated inquiries real files: every attachment row whose object is missing
 * gets a small PNG or PDF of its type, and its recorded size becomes the real one. Runs after
 * the demo population; cheap at demo size (a few dozen files), and skipped once they exist.
 */
export async function materializeDemoFiles(db: Kysely<DB>, storage: FileStorage): Promise<number> {
  const files = await db
    .selectFrom('user_contact_files')
    .select(['id', 'file_name', 'content_type', 'storage_key'])
    .orderBy('id')
    .limit(5_000)
    .execute();
  let written = 0;
  for (const file of files) {
    if (await storage.exists(file.storage_key)) continue;
    const body =
      file.content_type === 'image/png'
        ? demoPng(Number(file.id))
        : demoPdf(`Demo attachment ${file.file_name}`);
    await storage.put(file.storage_key, body);
    await db
      .updateTable('user_contact_files')
      .set({ size_bytes: body.length })
      .where('id', '=', file.id)
      .execute();
    written += 1;
  }
  return written;
}
