import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../../test/uploads.ts';
import { attachmentTypeOf, cleanFileName, sniffAttachmentType } from '../attachments.ts';
import { createDiskStorage } from '../files.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n');

describe('attachment types', () => {
  it('reads the type from the first bytes only', () => {
    expect(sniffAttachmentType(TINY_PNG)).toBe('image/png');
    expect(sniffAttachmentType(JPEG)).toBe('image/jpeg');
    expect(sniffAttachmentType(PDF)).toBe('application/pdf');
    expect(sniffAttachmentType(Buffer.from('%PDF'))).toBeNull();
    expect(sniffAttachmentType(Buffer.from(' %PDF-1.4'))).toBeNull();
    expect(sniffAttachmentType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffAttachmentType(Buffer.alloc(0))).toBeNull();
  });

  it('takes a file only when its name agrees with its content', () => {
    expect(attachmentTypeOf('a.png', TINY_PNG)).toBe('image/png');
    expect(attachmentTypeOf('a.JPG', JPEG)).toBe('image/jpeg');
    expect(attachmentTypeOf('a.jpeg', JPEG)).toBe('image/jpeg');
    expect(attachmentTypeOf('a.pdf', PDF)).toBe('application/pdf');
    expect(attachmentTypeOf('a.png', Buffer.from('hello, I am text'))).toBeNull();
    expect(attachmentTypeOf('a.pdf', TINY_PNG)).toBeNull();
    expect(attachmentTypeOf('a.png.exe', TINY_PNG)).toBeNull();
    expect(attachmentTypeOf('png', TINY_PNG)).toBeNull();
  });

  it('keeps a safe file name: the last path segment, no control characters or quotes, at most 255', () => {
    expect(cleanFileName('C:\\Users\\x\\report "final".pdf')).toBe('report final.pdf');
    expect(cleanFileName('../../etc/passwd.png')).toBe('passwd.png');
    expect(cleanFileName('a\u0000b\u001f.png')).toBe('ab.png');
    const long = cleanFileName(`${'n'.repeat(400)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('stores through the file storage under the key it is given', async () => {
    const storage = createDiskStorage(mkdtempSync(path.join(tmpdir(), 'centric-attachments-')));
    await storage.put('attachments/0b8f7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f', PDF);
    expect((await storage.get('attachments/0b8f7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f'))?.equals(PDF)).toBe(true);
  });
});
