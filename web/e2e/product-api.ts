import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { waitFor } from '@gallery/testing';

// What browser tests ask of the product's API directly, as the web app would: GraphQL calls, a gallery's order
// and a guest's photo uploads (slot, PUT to storage, confirmation).

/** Headers every call below sends besides its own (a browser test's client address on a shared product). */
const everyCallHeaders: Record<string, string> = {};

export function sendWithEveryCall(headers: Record<string, string>): void {
  Object.assign(everyCallHeaders, headers);
}

/** A GraphQL call to the product at `url`; throws the errors of an answer that has any. */
export async function graphqlAt<T>(
  url: string,
  query: string,
  variables: object = {},
  token?: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...everyCallHeaders,
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const CREATE_GALLERY = `
  mutation ($input: CreateGalleryInput!) {
    createGallery(input: $input) {
      event {
        code
      }
      ownerToken
      sessionToken
    }
  }
`;

export interface CreatedGallery {
  code: string;
  ownerToken: string;
  sessionToken: string;
}

/**
 * The email address of the galleries a test file orders unless told: one of its own, since a session covers
 * every gallery of its address and other files may order on the same product.
 */
const DEFAULT_EMAIL = `sarah.${randomBytes(4).toString('hex')}@example.com`;

/** A gallery ordered through the API (Sarah & Mike, free, unless told), with the code and tokens the order gives. */
export async function createGalleryAt(
  url: string,
  { plan = 'FREE', coupleNames = 'Sarah & Mike', email = DEFAULT_EMAIL, language = 'en' } = {},
): Promise<CreatedGallery> {
  const { createGallery } = await graphqlAt<{
    createGallery: { event: { code: string }; ownerToken: string; sessionToken: string };
  }>(url, CREATE_GALLERY, {
    input: {
      coupleNames,
      weddingDate: '2027-06-12',
      location: 'Lyon, France',
      email,
      phone: '+33 6 12 34 56 78',
      plan,
      language,
    },
  });
  return {
    code: createGallery.event.code,
    ownerToken: createGallery.ownerToken,
    sessionToken: createGallery.sessionToken,
  };
}

/**
 * The couple pays for Premium through the demo checkout (the real payment webhook path), and the gallery is on
 * Premium once events says so.
 */
export async function upgradeToPremiumAt(url: string, code: string, ownerToken: string): Promise<void> {
  const { startCheckout } = await graphqlAt<{ startCheckout: { id: string } }>(
    url,
    'mutation ($code: String!) { startCheckout(eventCode: $code, plan: PREMIUM) { id } }',
    { code },
    ownerToken,
  );
  await graphqlAt(url, 'mutation ($id: ID!) { payDemoCheckout(id: $id) { status } }', {
    id: startCheckout.id,
  });
  await waitFor(
    'the gallery on Premium',
    async () => {
      const { event } = await graphqlAt<{ event: { plan: string } }>(
        url,
        'query ($code: String!) { event(code: $code) { plan } }',
        { code },
      );
      return event.plan === 'PREMIUM';
    },
    60_000,
  );
}

const REQUEST_UPLOADS = `
  mutation (
    $code: String!
    $files: [PhotoUploadRequest!]!
    $guestName: String
    $challengeId: ID
    $table: Int
  ) {
    requestPhotoUploads(
      eventCode: $code
      files: $files
      guestName: $guestName
      challengeId: $challengeId
      table: $table
    ) {
      uploadId
      uploadUrl
      headers {
        name
        value
      }
    }
  }
`;

const CONFIRM_UPLOAD = `
  mutation ($code: String!, $id: ID!) {
    confirmPhotoUpload(eventCode: $code, uploadId: $id) {
      id
    }
  }
`;

/**
 * `count` small distinct JPEGs uploaded to gallery `code` by a guest (named `guestName` when given); the
 * confirmed photos' ids, in order. `size` is each photo's width and height in pixels; `pass` is the gallery pass
 * a guest of a gallery with a PIN sends; `files`, JPEGs to send instead of `count` made ones; `table`, the table
 * card the guest opened the gallery from.
 */
export async function uploadGuestPhotos(
  url: string,
  code: string,
  count: number,
  {
    guestName,
    size = [64, 48],
    challengeId,
    table,
    pass,
    guestIdentity,
    files: given,
  }: {
    guestName?: string;
    size?: [number, number];
    challengeId?: string;
    table?: number;
    pass?: string;
    /** The uploading browser's guest identity token: its photos are then its own. */
    guestIdentity?: string;
    /** These JPEGs rather than `count` of random pixels. */
    files?: Buffer[];
  } = {},
): Promise<string[]> {
  const headers: Record<string, string> = {
    ...(pass ? { 'x-gallery-pass': pass } : {}),
    ...(guestIdentity ? { 'x-guest-identity': guestIdentity } : {}),
  };
  const [width, height] = size;
  const files =
    given ??
    (await Promise.all(
      Array.from({ length: count }, () =>
        sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
          .jpeg()
          .toBuffer(),
      ),
    ));
  const { requestPhotoUploads: slots } = await graphqlAt<{
    requestPhotoUploads: {
      uploadId: string;
      uploadUrl: string;
      headers: { name: string; value: string }[];
    }[];
  }>(
    url,
    REQUEST_UPLOADS,
    {
      code,
      guestName,
      challengeId,
      table,
      files: files.map((file, i) => ({
        fileName: `IMG_${i}.jpg`,
        contentType: 'image/jpeg',
        size: file.length,
      })),
    },
    undefined,
    headers,
  );
  const ids: string[] = [];
  for (const [i, slot] of slots.entries()) {
    const put = await fetch(slot.uploadUrl, {
      method: 'PUT',
      headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
      // A copy typed as the DOM wants (a given Buffer may sit on a shared ArrayBufferLike).
      body: new Uint8Array(files[i]!),
    });
    if (put.status !== 200) throw new Error(`PUT of ${slot.uploadId} answered ${put.status}`);
    const { confirmPhotoUpload } = await graphqlAt<{ confirmPhotoUpload: { id: string } }>(
      url,
      CONFIRM_UPLOAD,
      {
        code,
        id: slot.uploadId,
      },
      undefined,
      headers,
    );
    ids.push(confirmPhotoUpload.id);
  }
  return ids;
}
