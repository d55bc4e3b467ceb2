interface Box {
  type: string;
  /** Where the box's content starts (after its header) and where the box ends. */
  start: number;
  end: number;
}

function children(data: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) break;
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

const find = (boxes: Box[], type: string) => boxes.find((box) => box.type === type);

/** The property indexes (1-based, into ipco) associated with one item, read from an ipma box. */
function propertyIndexes(data: Buffer, ipma: Box, itemId: number): number[] {
  const version = data[ipma.start];
  const wideIndexes = (data.readUIntBE(ipma.start + 1, 3) & 1) === 1;
  let at = ipma.start + 4;
  const entries = data.readUInt32BE(at);
  at += 4;
  for (let entry = 0; entry < entries; entry++) {
    const id = version < 1 ? data.readUInt16BE(at) : data.readUInt32BE(at);
    at += version < 1 ? 2 : 4;
    const count = data[at++];
    const indexes: number[] = [];
    for (let i = 0; i < count; i++) {
      indexes.push(wideIndexes ? data.readUInt16BE(at) & 0x7fff : data[at] & 0x7f);
      at += wideIndexes ? 2 : 1;
    }
    if (id === itemId) return indexes;
  }
  return [];
}

/**
 * Width and height of a HEIF/HEIC file's primary image as it is meant to be seen, read from its boxes
 * (pitm, ipma, ispe and irot) without decoding it. The bundled libvips cannot decode HEVC, so this is how a
 * HEIC photo kept without derived images still gets its dimensions. Null when the boxes are not there.
 */
export function heifDimensions(data: Buffer): { width: number; height: number } | null {
  try {
    const meta = find(children(data, 0, data.length), 'meta');
    if (!meta) return null;
    const metaBoxes = children(data, meta.start + 4, meta.end);
    const pitm = find(metaBoxes, 'pitm');
    const iprp = find(metaBoxes, 'iprp');
    if (!pitm || !iprp) return null;
    const primaryId =
      data[pitm.start] < 1 ? data.readUInt16BE(pitm.start + 4) : data.readUInt32BE(pitm.start + 4);
    const iprpBoxes = children(data, iprp.start, iprp.end);
    const ipco = find(iprpBoxes, 'ipco');
    const ipma = find(iprpBoxes, 'ipma');
    if (!ipco || !ipma) return null;
    const properties = children(data, ipco.start, ipco.end);
    const primary = propertyIndexes(data, ipma, primaryId).map((index) => properties[index - 1]);
    const ispe = primary.find((box) => box?.type === 'ispe');
    if (!ispe) return null;
    const width = data.readUInt32BE(ispe.start + 4);
    const height = data.readUInt32BE(ispe.start + 8);
    const irot = primary.find((box) => box?.type === 'irot');
    // irot turns by multiples of 90 degrees; an odd multiple swaps the sides.
    const quarterTurns = irot ? data[irot.start] & 0x03 : 0;
    return quarterTurns % 2 === 1 ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}
