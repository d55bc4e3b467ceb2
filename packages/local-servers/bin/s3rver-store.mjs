// Where s3rver's file store differs from S3 in ways the product notices, mended to behave as S3 does. Applied by
// s3rver-process.mjs before the server starts; a module of its own so its tests can run the store in-process.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3Object from 's3rver/lib/models/object.js';
import FilesystemStore from 's3rver/lib/stores/filesystem.js';

export { FilesystemStore };

export function mendFilesystemStore() {
  // s3rver answers a PUT once its body has gone through its MD5, before the file stream has written it (and, for
  // a body it holds whole, before the file is even opened): a CopyObject or GET sent on that answer could read an
  // empty or cut object, where S3 has the whole object once it answers. The body is written to a file of its own
  // and renamed onto the object when it is all on disk, so a read sees the old object or the new one, whole, as
  // S3 gives, and a body that fails midway leaves the old object as it was.
  FilesystemStore.prototype.putObject = async function putObject(object) {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    // Not an object's name (those end in "._S3rver_object"), so no listing shows it.
    const partial = `${objectPath}.${randomUUID()}.partial`;
    const md5 = createHash('md5');
    let size = 0;
    try {
      await pipeline(
        Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content,
        new Transform({
          transform(chunk, _encoding, done) {
            md5.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        }),
        createWriteStream(partial),
      );
      await rename(partial, objectPath);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const digest = md5.digest('hex');
    await this.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };

  // s3rver removes the directories a deleted object leaves empty, racing a PUT into the same folder (its mkdir,
  // then its open): the PUT's file stream then fails with ENOENT, unhandled, and the server dies. A deleted
  // object's files are removed and its folders kept, as empty folders cost nothing here.
  FilesystemStore.prototype.deleteObject = async function deleteObject(bucket, key) {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map((resource) =>
        rm(this.getResourcePath(bucket, key, resource), { force: true }),
      ),
    );
  };

  // s3rver assembles a completed multipart upload by streaming every part through an MD5 of the whole object in
  // its one JavaScript thread: about 5 s for a 1 GB zip, where S3 answers at once. The parts are appended whole
  // instead, and the ETag is the one S3 gives a multipart object (the MD5 of the parts' MD5s, "-", their count),
  // so nothing reads the object again to hash it.
  FilesystemStore.prototype.putObjectMultipart = async function putObjectMultipart(bucket, uploadId, parts) {
    const uploadDir = path.join(this.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const [key, metadata] = await Promise.all([
      readFile(path.join(uploadDir, 'key'), 'utf8'),
      readFile(path.join(uploadDir, 'metadata'), 'utf8').then(JSON.parse),
    ]);
    const object = new S3Object(bucket, key, null, metadata);
    const numbers = parts.map((part) => part.number).sort((a, b) => a - b);
    const objectPath = this.getResourcePath(bucket, key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    const partMd5s = [];
    let size = 0;
    const file = await open(objectPath, 'w');
    try {
      for (const number of numbers) {
        const partPath = path.join(uploadDir, String(number));
        const bytes = await readFile(partPath);
        await file.writeFile(bytes);
        size += bytes.length;
        partMd5s.push(Buffer.from((await readFile(`${partPath}.md5`, 'utf8')).trim(), 'hex'));
      }
    } finally {
      await file.close();
    }
    const md5 = `${createHash('md5').update(Buffer.concat(partMd5s)).digest('hex')}-${numbers.length}`;
    await this.putMetadata(bucket, key, object.metadata, md5);
    await rm(uploadDir, { recursive: true, force: true });
    return { size, md5 };
  };
}
