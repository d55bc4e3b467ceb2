// Types for s3rver-store.mjs, for the tests that run the store in-process.
import type { Readable } from 'node:stream';

export interface StoredObject {
  bucket: string;
  key: string;
  content: Readable | Buffer;
  metadata: Record<string, string>;
}

export declare class FilesystemStore {
  constructor(rootDirectory: string);
  getResourcePath(bucket: string, key: string, resource: string): string;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
}

export declare function mendFilesystemStore(): void;
