import type { TestContext } from './harness.ts';

/** A valid 1×1 PNG, for the image upload routes. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export type UploadRequest = {
  url: string;
  token: string;
  filename: string;
  data: Buffer;
  /** The part's declared type (the server checks the content too). Default image/png. */
  contentType?: string;
  /** PUT (a record's image) by default; POST for a new upload (a note's attachment). */
  method?: 'PUT' | 'POST';
};

const BOUNDARY = '----centric-test-upload';

/** PUT (or POST) `url` with a multipart body whose field `file` holds `data`, as the web app's uploads send it. */
export const putFile = (
  t: TestContext,
  { url, token, filename, data, contentType = 'image/png', method = 'PUT' }: UploadRequest,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
