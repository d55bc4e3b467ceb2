// @ts-check
// The product's GraphQL API as the benches call it: as a client of an address of its own (X-Forwarded-For, which
// a gateway started with TRUST_PROXY=loopback believes), the couple with their owner token, a guest with their
// signed identity; and the Standard gallery most benches order first.

/** The address the benches' own requests (the couple's, setting up) come from, apart from any guest's. */
export const COUPLE_ADDRESS = '198.18.0.1';

/** A GraphQL answer's first error: its code (`extensions.code`) and, for RATE_LIMITED, the seconds to wait. */
export class GraphqlRefusal extends Error {
  /** @param {{ message: string, extensions?: { code?: string, count?: number } }} error */
  constructor(error) {
    super(`${error.extensions?.code}: ${error.message}`);
    this.code = error.extensions?.code ?? 'INTERNAL';
    this.count = error.extensions?.count;
  }
}

/**
 * One GraphQL request; its whole answer (data and errors, each field's apart).
 * @param {string} url
 * @param {string} query
 * @param {Record<string, unknown>} [variables]
 * @param {{ address?: string, token?: string, guest?: string }} [options]
 */
export async function graphqlAnswer(
  url,
  query,
  variables = {},
  { address = COUPLE_ADDRESS, token, guest } = {},
) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(guest ? { 'x-guest-identity': guest } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return response.json();
}

/**
 * One GraphQL request; its data, or its first error thrown as a GraphqlRefusal.
 * @param {string} url
 * @param {string} query
 * @param {Record<string, unknown>} [variables]
 * @param {{ address?: string, token?: string, guest?: string }} [options]
 */
export async function graphql(url, query, variables = {}, options = {}) {
  const body = await graphqlAnswer(url, query, variables, options);
  if (body.errors) throw new GraphqlRefusal(body.errors[0]);
  return body.data;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A gallery on the Standard plan (no photo limit), paid through the demo checkout by the couple, who asks from
 * `address`; its code and owner token.
 */
export async function standardGallery(
  url,
  { coupleNames = 'Sarah & Mike', email = 'sarah@example.com', address = COUPLE_ADDRESS } = {},
) {
  const { createGallery } = await graphql(
    url,
    `
      mutation ($input: CreateGalleryInput!) {
        createGallery(input: $input) {
          event {
            code
          }
          ownerToken
        }
      }
    `,
    {
      input: {
        coupleNames,
        weddingDate: '2027-06-12',
        location: 'Lyon, France',
        email,
        phone: '+33 6 12 34 56 78',
        plan: 'FREE',
      },
    },
    { address },
  );
  const { code } = createGallery.event;
  const token = createGallery.ownerToken;
  const { startCheckout } = await graphql(
    url,
    'mutation ($code: String!) { startCheckout(eventCode: $code, plan: STANDARD) { id } }',
    { code },
    { token, address },
  );
  await graphql(
    url,
    'mutation ($id: ID!) { payDemoCheckout(id: $id) { status } }',
    { id: startCheckout.id },
    { address },
  );
  for (const deadline = Date.now() + 60_000; ; await sleep(200)) {
    const { event } = await graphql(
      url,
      'query ($code: String!) { event(code: $code) { plan } }',
      { code },
      { address },
    );
    if (event.plan === 'STANDARD') break;
    if (Date.now() > deadline) throw new Error('the demo payment did not make the gallery Standard');
  }
  return { code, token };
}

/**
 * Waits until the media service knows the gallery is Standard (it learns it from plan.upgraded a moment after
 * events): takes the free plan's 50 slots, then asks for one more, which it refuses until then. Those slots
 * stay unused (pending uploads the sweeper abandons later), well under the pending bound.
 */
export async function mediaKnowsStandard(url, code, address = COUPLE_ADDRESS) {
  const ask = (count) =>
    graphql(
      url,
      'mutation ($code: String!, $files: [PhotoUploadRequest!]!) { requestPhotoUploads(eventCode: $code, files: $files) { uploadId } }',
      {
        code,
        files: Array.from({ length: count }, (_, i) => ({
          fileName: `probe-${i}.jpg`,
          contentType: 'image/jpeg',
          size: 1000,
        })),
      },
      { address },
    );
  await ask(50);
  for (const deadline = Date.now() + 60_000; ;) {
    try {
      await ask(1);
      return;
    } catch (error) {
      if (!(error instanceof GraphqlRefusal) || error.code !== 'PHOTO_LIMIT_REACHED' || Date.now() > deadline)
        throw error;
      await sleep(500);
    }
  }
}

/**
 * `photos` (JPEG buffers) uploaded to gallery `code` by a guest asking from `address`: a slot each, a PUT to
 * storage, a confirmation; the photos' ids.
 */
export async function uploadPhotos(url, code, photos, address = COUPLE_ADDRESS) {
  const { requestPhotoUploads: slots } = await graphql(
    url,
    'mutation ($code: String!, $files: [PhotoUploadRequest!]!) { requestPhotoUploads(eventCode: $code, files: $files) { uploadId uploadUrl headers { name value } } }',
    {
      code,
      files: photos.map((photo, i) => ({
        fileName: `IMG_${i}.jpg`,
        contentType: 'image/jpeg',
        size: photo.length,
      })),
    },
    { address },
  );
  const ids = [];
  for (const [i, slot] of slots.entries()) {
    const put = await fetch(slot.uploadUrl, {
      method: 'PUT',
      headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
      body: photos[i],
    });
    if (!put.ok) throw new Error(`PUT of ${slot.uploadId} answered ${put.status}`);
    const { confirmPhotoUpload } = await graphql(
      url,
      'mutation ($code: String!, $id: ID!) { confirmPhotoUpload(eventCode: $code, uploadId: $id) { id } }',
      { code, id: slot.uploadId },
      { address },
    );
    ids.push(confirmPhotoUpload.id);
  }
  return ids;
}
