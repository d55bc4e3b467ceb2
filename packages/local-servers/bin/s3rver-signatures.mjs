// AWS Signature Version 4, checked as S3 checks it, in front of s3rver (which parses signatures but verifies none,
// and serves anonymous requests). Plain JavaScript beside s3rver-process.mjs, which installs it.
//
// Every request but a browser's CORS preflight must be signed with the server's key, in the Authorization header
// or in the query (a presigned URL), over the method, path, query, the headers it names (host always) and the
// payload's hash as the request states it; a presigned URL only until it expires (7 days at most), a header
// signature only within 15 minutes of its date. Anything else is refused with S3's own error codes. What S3 does
// and this does not: compare a signed payload hash with the body received (the server listens on loopback only).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** The longest a presigned URL may live, as S3 allows: 7 days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
/** How far a header signature's date may be from now, as S3 allows. */
const MAX_SKEW_MS = 15 * 60 * 1000;

/** A request refused, with S3's status, code and message. */
export class SignatureRefusal extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const denied = (message) => new SignatureRefusal(403, 'AccessDenied', message);
const mismatch = () =>
  new SignatureRefusal(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ percent-encoded, in upper case. */
function strictEncode(text) {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new SignatureRefusal(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

/** The query as [name, value] pairs, decoded, in the order sent. */
function queryPairs(rawQuery) {
  if (!rawQuery) return [];
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? [decode(part), ''] : [decode(part.slice(0, at)), decode(part.slice(at + 1))];
    });
}

/** `YYYYMMDDTHHMMSSZ` as a time; NaN when it is not one. */
function amzTime(value) {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** The credential `AKID/date/region/service/aws4_request`, checked against the key and the request's date. */
function credentialOf(credential, amzDate, accessKeyId) {
  const parts = (credential ?? '').split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request' || parts[3] !== 's3') {
    throw new SignatureRefusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  const [keyId, date, region] = parts;
  if (keyId !== accessKeyId) {
    throw new SignatureRefusal(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  if (!amzDate?.startsWith(date)) {
    throw new SignatureRefusal(
      400,
      'AuthorizationHeaderMalformed',
      "The credential's date is not the request's.",
    );
  }
  return { date, region, scope: parts.slice(1).join('/') };
}

/** What the request says of its own signature, from its Authorization header or its query. */
function claimOf(req, pairs, accessKeyId, now) {
  const authorization = req.headers.authorization;
  const query = Object.fromEntries(pairs);
  if (typeof authorization === 'string' && authorization.startsWith(`${ALGORITHM} `)) {
    const fields = Object.fromEntries(
      authorization
        .slice(ALGORITHM.length + 1)
        .split(',')
        .map((field) => field.trim().split('='))
        .map(([name, ...value]) => [name, value.join('=')]),
    );
    const amzDate = req.headers['x-amz-date'];
    const time = amzTime(amzDate);
    if (Number.isNaN(time)) throw denied('AWS authentication requires a valid Date or x-amz-date header');
    if (Math.abs(now - time) > MAX_SKEW_MS) {
      throw new SignatureRefusal(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    const payloadHash = req.headers['x-amz-content-sha256'];
    if (typeof payloadHash !== 'string' || !payloadHash) {
      throw new SignatureRefusal(
        400,
        'InvalidRequest',
        'Missing required header for this request: x-amz-content-sha256',
      );
    }
    return {
      amzDate,
      credential: credentialOf(fields.Credential, amzDate, accessKeyId),
      signedHeaders: fields.SignedHeaders ?? '',
      signature: fields.Signature ?? '',
      payloadHash,
      presigned: false,
    };
  }
  if (query['X-Amz-Algorithm'] === ALGORITHM) {
    const amzDate = query['X-Amz-Date'];
    const time = amzTime(amzDate);
    const expires = Number(query['X-Amz-Expires']);
    if (Number.isNaN(time) || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
      throw denied('X-Amz-Date and X-Amz-Expires (1 to 604800 seconds) must be valid');
    }
    if (now > time + expires * 1000) throw denied('Request has expired');
    if (time - now > MAX_SKEW_MS) throw denied('Request is not valid yet');
    return {
      amzDate,
      credential: credentialOf(query['X-Amz-Credential'], amzDate, accessKeyId),
      signedHeaders: query['X-Amz-SignedHeaders'] ?? '',
      signature: query['X-Amz-Signature'] ?? '',
      payloadHash: query['X-Amz-Content-Sha256'] ?? 'UNSIGNED-PAYLOAD',
      presigned: true,
    };
  }
  // Anonymous, or signed some other way (Signature Version 2 included): S3 buckets that are not public refuse both.
  throw denied('Access Denied');
}

/**
 * Checks the request's SigV4 signature with the server's one key pair; throws a SignatureRefusal saying why it is
 * refused. `now` is the server's clock.
 */
export function verifySignature(req, { accessKeyId, secretAccessKey }, now = Date.now()) {
  const url = req.url ?? '/';
  const at = url.indexOf('?');
  const rawPath = at < 0 ? url : url.slice(0, at);
  const pairs = queryPairs(at < 0 ? '' : url.slice(at + 1));
  const claim = claimOf(req, pairs, accessKeyId, now);

  const signedHeaders = claim.signedHeaders.split(';').filter(Boolean);
  if (!signedHeaders.includes('host')) throw denied('The host header must be signed');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${String(text).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalUri = rawPath
    .split('/')
    .map((segment) => strictEncode(decode(segment)))
    .join('/');
  const canonicalQuery = pairs
    .filter(([name]) => !(claim.presigned && name === 'X-Amz-Signature'))
    .map(([name, value]) => [strictEncode(name), strictEncode(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    req.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    claim.payloadHash,
  ].join('\n');
  const stringToSign = [
    ALGORITHM,
    claim.amzDate,
    claim.credential.scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  let key = createHmac('sha256', `AWS4${secretAccessKey}`).update(claim.credential.date).digest();
  for (const part of [claim.credential.region, 's3', 'aws4_request']) {
    key = createHmac('sha256', key).update(part).digest();
  }
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const given = /^[0-9a-f]{64}$/.test(claim.signature) ? Buffer.from(claim.signature, 'hex') : null;
  if (!given || !timingSafeEqual(given, expected)) throw mismatch();
}
