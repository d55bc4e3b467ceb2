// Draws the demo gallery's photos: warm wedding scenes as SVG, written as JPEGs with sharp. They are this
// repository's own drawings (no third-party image, nothing fetched). Run again after changing a scene:
//   node services/media/demo-photos/draw.mjs
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const W = 1200;
const H = 800;

const sky = (id, top, bottom) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
const glow = (id, color) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="0.9"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

/** A person seen from afar: head, body (a dress when `dress`), in one colour. */
function person(x, y, scale, color, dress = false) {
  const s = scale;
  const body = dress
    ? `<path d="M${x - 22 * s} ${y + 150 * s} L${x - 10 * s} ${y + 40 * s} L${x + 10 * s} ${y + 40 * s} L${x + 22 * s} ${y + 150 * s} Z"/>`
    : `<rect x="${x - 15 * s}" y="${y + 38 * s}" width="${30 * s}" height="${70 * s}" rx="${8 * s}"/><rect x="${x - 13 * s}" y="${y + 100 * s}" width="${11 * s}" height="${52 * s}"/><rect x="${x + 2 * s}" y="${y + 100 * s}" width="${11 * s}" height="${52 * s}"/>`;
  return `<g fill="${color}"><circle cx="${x}" cy="${y + 20 * s}" r="${16 * s}"/>${body}</g>`;
}

/** A string of warm bulbs hanging between two points. */
function lights(x1, y1, x2, y2, sag, count, seed) {
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2 + sag;
  let bulbs = '';
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * mx + t * t * x2;
    const y = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * my + t * t * y2;
    const r = 5 + ((i * 7 + seed) % 4);
    bulbs += `<circle cx="${x.toFixed(1)}" cy="${(y + 6).toFixed(1)}" r="${r * 3}" fill="url(#bulb)"/><circle cx="${x.toFixed(1)}" cy="${(y + 6).toFixed(1)}" r="${r}" fill="#fff2c4"/>`;
  }
  return `<path d="M${x1} ${y1} Q${mx} ${my + sag} ${x2} ${y2}" stroke="#3b2a26" stroke-width="2" fill="none"/>${bulbs}`;
}

function flower(x, y, r, petal, heart) {
  let petals = '';
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3;
    petals += `<ellipse cx="${(x + Math.cos(a) * r).toFixed(1)}" cy="${(y + Math.sin(a) * r).toFixed(1)}" rx="${r}" ry="${r * 0.7}" transform="rotate(${(i * 60).toFixed(0)} ${(x + Math.cos(a) * r).toFixed(1)} ${(y + Math.sin(a) * r).toFixed(1)})" fill="${petal}"/>`;
  }
  return `${petals}<circle cx="${x}" cy="${y}" r="${r * 0.7}" fill="${heart}"/>`;
}

function confetti(count, seed, colors) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = (i * 97 + seed * 31) % W;
    const y = (i * 53 + seed * 17) % H;
    const color = colors[i % colors.length];
    out += `<rect x="${x}" y="${y}" width="10" height="16" rx="3" fill="${color}" transform="rotate(${(i * 37) % 180} ${x} ${y})" opacity="0.85"/>`;
  }
  return out;
}

const SCENES = {
  // The cover: the couple under a floral arch at golden hour.
  arch: () => `
    <defs>${sky('s', '#f7c59f', '#f6e7d8')}${glow('sun', '#fff1c1')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <circle cx="600" cy="420" r="360" fill="url(#sun)"/>
    <rect y="600" width="${W}" height="200" fill="#a9b98a"/>
    <path d="M0 620 Q300 580 600 620 T1200 610 V800 H0 Z" fill="#8ea572"/>
    <path d="M390 620 V330 A210 210 0 0 1 810 330 V620" stroke="#f2ede4" stroke-width="26" fill="none"/>
    ${[...Array(14)].map((_, i) => flower(390 + 420 * (i / 13), 330 - Math.sin((Math.PI * i) / 13) * 210, 16, i % 2 ? '#f4a7b9' : '#fbe3e8', '#e9b949')).join('')}
    ${person(560, 420, 1.3, '#3d3a4b')}${person(640, 420, 1.3, '#fffaf3', true)}
    <circle cx="640" cy="447" r="6" fill="#f4d9c6"/>
  `,
  rings: () => `
    <defs>${sky('s', '#fbe9e7', '#f3d1c8')}${glow('g', '#ffffff')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <ellipse cx="600" cy="610" rx="420" ry="90" fill="#e7b7a9"/>
    <circle cx="520" cy="470" r="150" fill="none" stroke="#d4a84f" stroke-width="34"/>
    <circle cx="520" cy="470" r="150" fill="none" stroke="#f6dc8d" stroke-width="10"/>
    <circle cx="690" cy="500" r="130" fill="none" stroke="#c9c9d1" stroke-width="30"/>
    <circle cx="690" cy="500" r="130" fill="none" stroke="#f4f4f8" stroke-width="8"/>
    <polygon points="520,300 545,330 520,360 495,330" fill="#eaf6ff" stroke="#b7d3e6" stroke-width="4"/>
    <circle cx="560" cy="300" r="80" fill="url(#g)"/>
    ${flower(230, 240, 40, '#f4a7b9', '#f7d774')}${flower(980, 230, 34, '#fbe3e8', '#f7d774')}
  `,
  cake: () => `
    <defs>${sky('s', '#f2e4f3', '#fdf6ec')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <rect y="640" width="${W}" height="160" fill="#caa8a0"/>
    <ellipse cx="600" cy="645" rx="330" ry="30" fill="#fbf8f4"/>
    <rect x="390" y="480" width="420" height="160" rx="14" fill="#fffaf3"/>
    <rect x="450" y="350" width="300" height="135" rx="12" fill="#fffdf8"/>
    <rect x="510" y="245" width="180" height="110" rx="10" fill="#fffaf3"/>
    <path d="M390 520 Q495 560 600 520 T810 520" stroke="#f4a7b9" stroke-width="12" fill="none"/>
    <path d="M450 390 Q525 420 600 390 T750 390" stroke="#f4a7b9" stroke-width="10" fill="none"/>
    ${flower(600, 235, 22, '#e2728f', '#f7d774')}${flower(560, 250, 16, '#f4a7b9', '#f7d774')}${flower(640, 250, 16, '#f4a7b9', '#f7d774')}
    ${flower(200, 560, 36, '#d9c6f0', '#f7d774')}${flower(1010, 540, 30, '#f4a7b9', '#f7d774')}
  `,
  toast: () => `
    <defs>${sky('s', '#2d2a4a', '#8a4f6e')}${glow('bulb', '#ffd98a')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    ${lights(0, 90, 1200, 120, 90, 16, 1)}
    <g transform="rotate(-14 480 460)">
      <path d="M420 250 H540 L520 420 Q480 440 440 420 Z" fill="#f3d77d" opacity="0.85"/>
      <path d="M420 250 H540 L520 420 Q480 440 440 420 Z" fill="none" stroke="#fff" stroke-width="6"/>
      <rect x="474" y="430" width="12" height="170" fill="#fff"/><ellipse cx="480" cy="605" rx="60" ry="14" fill="#fff"/>
    </g>
    <g transform="rotate(14 720 460)">
      <path d="M660 250 H780 L760 420 Q720 440 680 420 Z" fill="#f3d77d" opacity="0.85"/>
      <path d="M660 250 H780 L760 420 Q720 440 680 420 Z" fill="none" stroke="#fff" stroke-width="6"/>
      <rect x="714" y="430" width="12" height="170" fill="#fff"/><ellipse cx="720" cy="605" rx="60" ry="14" fill="#fff"/>
    </g>
    ${[...Array(18)].map((_, i) => `<circle cx="${560 + ((i * 23) % 90)}" cy="${150 + ((i * 41) % 110)}" r="${4 + (i % 5)}" fill="#fff4cc" opacity="0.8"/>`).join('')}
  `,
  bouquet: () => `
    <defs>${sky('s', '#eef3e6', '#f7efe4')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <path d="M560 800 L590 470 L610 470 L640 800 Z" fill="#7d9a64"/>
    <path d="M540 560 Q600 610 660 560 L650 600 Q600 640 550 600 Z" fill="#fffaf3"/>
    ${[
      [600, 360, 60, '#f4a7b9'],
      [500, 400, 52, '#fbe3e8'],
      [700, 400, 52, '#fbe3e8'],
      [540, 300, 46, '#e2728f'],
      [665, 300, 46, '#f6c6a8'],
      [600, 250, 40, '#fffaf3'],
      [455, 330, 36, '#d9c6f0'],
      [745, 330, 36, '#d9c6f0'],
    ]
      .map(([x, y, r, c]) => flower(x, y, r / 2, c, '#f7d774'))
      .join('')}
    <ellipse cx="420" cy="450" rx="50" ry="18" fill="#8ea572" transform="rotate(-30 420 450)"/>
    <ellipse cx="780" cy="450" rx="50" ry="18" fill="#8ea572" transform="rotate(30 780 450)"/>
  `,
  dance: () => `
    <defs>${sky('s', '#1f2340', '#5b3a63')}${glow('bulb', '#ffd98a')}${glow('spot', '#ffe7b0')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    ${lights(0, 60, 600, 80, 70, 9, 2)}${lights(600, 80, 1200, 50, 70, 9, 3)}
    <ellipse cx="600" cy="690" rx="520" ry="90" fill="#3b2f4a"/>
    <ellipse cx="600" cy="640" rx="260" ry="220" fill="url(#spot)" opacity="0.6"/>
    ${person(570, 420, 1.4, '#2b2536')}${person(640, 420, 1.4, '#fffaf3', true)}
    ${person(220, 500, 0.9, '#6e4b68')}${person(300, 480, 0.9, '#8e6a83', true)}${person(930, 490, 0.9, '#6e4b68', true)}${person(1010, 500, 0.9, '#8e6a83')}
  `,
  lanterns: () => `
    <defs>${sky('s', '#0f1e3d', '#c06c5b')}${glow('l', '#ffb56b')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    ${[...Array(11)]
      .map((_, i) => {
        const x = 90 + ((i * 211) % 1040);
        const y = 90 + ((i * 137) % 420);
        const s = 0.6 + (i % 3) * 0.25;
        return `<circle cx="${x}" cy="${y}" r="${70 * s}" fill="url(#l)"/><rect x="${x - 18 * s}" y="${y - 26 * s}" width="${36 * s}" height="${50 * s}" rx="${10 * s}" fill="#ffcf8a"/>`;
      })
      .join('')}
    <path d="M0 700 Q300 640 600 690 T1200 670 V800 H0 Z" fill="#1d1b2c"/>
    ${person(560, 560, 0.8, '#1d1b2c')}${person(610, 560, 0.8, '#1d1b2c', true)}
  `,
  table: () => `
    <defs>${sky('s', '#3a2b2b', '#6b4c43')}${glow('c', '#ffcc73')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <path d="M0 520 H1200 V800 H0 Z" fill="#f5efe6"/>
    ${[260, 600, 940]
      .map(
        (x) =>
          `<circle cx="${x}" cy="360" r="120" fill="url(#c)"/><rect x="${x - 14}" y="360" width="28" height="150" rx="6" fill="#fffaf3"/><path d="M${x} 330 Q${x + 12} 350 ${x} 362 Q${x - 12} 350 ${x} 330" fill="#ffb84d"/>`,
      )
      .join('')}
    ${[430, 770]
      .map(
        (x) =>
          `<ellipse cx="${x}" cy="640" rx="110" ry="40" fill="#ffffff" stroke="#e1d6c8" stroke-width="4"/><ellipse cx="${x}" cy="640" rx="66" ry="22" fill="#f3ebe0"/>`,
      )
      .join('')}
    ${flower(600, 600, 26, '#f4a7b9', '#f7d774')}${flower(560, 625, 18, '#fbe3e8', '#f7d774')}${flower(640, 625, 18, '#d9c6f0', '#f7d774')}
  `,
  confetti: () => `
    <defs>${sky('s', '#bfe3f2', '#fdf2e9')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <rect x="0" y="600" width="${W}" height="200" fill="#d6c3a5"/>
    <path d="M430 600 V300 Q600 180 770 300 V600 Z" fill="#f3eee6"/>
    <path d="M540 600 V420 Q600 370 660 420 V600 Z" fill="#8a6a55"/>
    ${person(540, 450, 1.1, '#3d3a4b')}${person(640, 450, 1.1, '#fffaf3', true)}
    ${confetti(70, 4, ['#f4a7b9', '#f7d774', '#9fd3c7', '#d9c6f0', '#ffffff'])}
  `,
  lake: () => `
    <defs>${sky('s', '#f9b67a', '#f6d6c3')}${glow('sun', '#fff0b8')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <circle cx="820" cy="430" r="200" fill="url(#sun)"/><circle cx="820" cy="430" r="70" fill="#fff3c9"/>
    <path d="M0 460 Q200 380 420 450 T820 440 T1200 420 V500 H0 Z" fill="#7c6a8c"/>
    <rect y="490" width="${W}" height="310" fill="#a78fa9"/>
    ${[...Array(8)].map((_, i) => `<rect x="${700 + ((i * 37) % 240)}" y="${520 + i * 28}" width="${140 - i * 12}" height="5" rx="2" fill="#fff3c9" opacity="0.7"/>`).join('')}
    <path d="M120 600 H520 V616 H120 Z" fill="#5c4034"/>
    ${person(300, 450, 0.95, '#3d3141')}${person(350, 450, 0.95, '#3d3141', true)}
  `,
  balloons: () => `
    <defs>${sky('s', '#cfe8ef', '#fff7ef')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    ${[
      [300, 260, '#f4a7b9'],
      [420, 200, '#fffaf3'],
      [540, 280, '#f7d774'],
      [680, 190, '#d9c6f0'],
      [800, 270, '#f4a7b9'],
      [920, 210, '#9fd3c7'],
    ]
      .map(
        ([x, y, c]) =>
          `<path d="M${x} ${y + 80} Q${x - 20} ${y + 240} ${x + 10} ${y + 420}" stroke="#b9a9a0" stroke-width="2" fill="none"/><ellipse cx="${x}" cy="${y}" rx="62" ry="78" fill="${c}"/><ellipse cx="${x - 20}" cy="${y - 30}" rx="12" ry="20" fill="#ffffff" opacity="0.6"/>`,
      )
      .join('')}
    <rect y="680" width="${W}" height="120" fill="#b7c99a"/>
  `,
  barn: () => `
    <defs>${sky('s', '#8fb6d9', '#f8e0c8')}${glow('bulb', '#ffd98a')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <rect y="590" width="${W}" height="210" fill="#9db17c"/>
    <path d="M330 590 V360 L600 200 L870 360 V590 Z" fill="#b4553f"/>
    <path d="M500 590 V420 H700 V590 Z" fill="#f3d9a4"/>
    <path d="M500 420 L700 590 M700 420 L500 590" stroke="#ffffff" stroke-width="8"/>
    ${lights(330, 360, 600, 200, 40, 7, 5)}${lights(600, 200, 870, 360, 40, 7, 6)}
    <circle cx="160" cy="560" r="80" fill="#6f8f57"/><rect x="150" y="560" width="20" height="60" fill="#5c4034"/>
    <circle cx="1050" cy="545" r="95" fill="#6f8f57"/><rect x="1040" y="545" width="20" height="70" fill="#5c4034"/>
  `,
  petals: () => `
    <defs>${sky('s', '#fdf1f3', '#f6dde2')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <rect x="520" y="0" width="160" height="800" fill="#efe6dc"/>
    ${[...Array(60)]
      .map(
        (_, i) =>
          `<ellipse cx="${(i * 89) % W}" cy="${(i * 151) % H}" rx="14" ry="9" fill="${['#f4a7b9', '#e2728f', '#fbe3e8'][i % 3]}" transform="rotate(${(i * 41) % 180} ${(i * 89) % W} ${(i * 151) % H})"/>`,
      )
      .join('')}
    ${person(560, 330, 1.5, '#3d3a4b')}${person(650, 330, 1.5, '#fffaf3', true)}
  `,
  sparklers: () => `
    <defs>${sky('s', '#0e1430', '#3d2b52')}${glow('sp', '#ffe9a8')}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    ${[...Array(9)]
      .map((_, i) => {
        const x = 150 + i * 115;
        const y = 260 + ((i * 53) % 120);
        let rays = '';
        for (let k = 0; k < 12; k++) {
          const a = (k * Math.PI) / 6;
          rays += `<line x1="${x}" y1="${y}" x2="${(x + Math.cos(a) * 40).toFixed(1)}" y2="${(y + Math.sin(a) * 40).toFixed(1)}" stroke="#fff6d5" stroke-width="3"/>`;
        }
        return `<circle cx="${x}" cy="${y}" r="90" fill="url(#sp)"/>${rays}<line x1="${x}" y1="${y}" x2="${x + 10}" y2="${y + 190}" stroke="#b9a0a0" stroke-width="4"/>`;
      })
      .join('')}
    <path d="M0 680 H1200 V800 H0 Z" fill="#141026"/>
    ${person(560, 520, 1.0, '#141026')}${person(630, 520, 1.0, '#f3ead9', true)}
  `,
};

const names = Object.keys(SCENES);
for (const [index, name] of names.entries()) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${SCENES[name]()}</svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  const file = `${String(index + 1).padStart(2, '0')}-${name}.jpg`;
  await writeFile(new URL(file, import.meta.url), jpeg);
  console.log(file, jpeg.length);
}
