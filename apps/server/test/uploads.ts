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
};

const BOUNDARY = '----centric-test-upload';

/** PUT `url` with a multipart body whose field `file` holds `data`, as the web app's uploads send it. */
export const putFile = (
  t: TestContext,
  { url, token, filename, data, contentType = 'image/png' }: UploadRequest,
) =>
  t.app.inject({
    method: 'PUT',
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
