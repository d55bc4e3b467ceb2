import { Fragment } from 'react';

/**
 * A web address written to wrap only after its slashes, its last part (a gallery code) kept whole: a phone never
 * shows half a code on one line and the rest on the next.
 */
export function UrlText({ url }: { url: string }) {
  const cut = url.lastIndexOf('/') + 1;
  const head = url.slice(0, cut);
  const last = url.slice(cut);
  const parts = head.split(/(?<=\/)/);
  return (
    <span className="url-text">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          <wbr />
        </Fragment>
      ))}
      <span className="url-text-last">{last}</span>
    </span>
  );
}
