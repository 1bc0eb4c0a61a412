/** The part of s3rver (a local S3 server for tests) the suite uses; the package ships no types. */
declare module 's3rver' {
  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: string[] }[];
  };
  // eslint-disable-next-line import/no-default-export -- the package exports its class as the default
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
