import type { Language } from '../i18n/languages';

/** Flags drawn in SVG, so they show on systems without an emoji font. */
export function Flag({ language }: { language: Language }) {
  const common = {
    width: 24,
    height: 16,
    viewBox: '0 0 24 16',
    'aria-hidden': true,
    className: 'flag',
  } as const;
  if (language === 'fr') {
    return (
      <svg {...common}>
        <rect width="8" height="16" fill="#002654" />
        <rect x="8" width="8" height="16" fill="#ffffff" />
        <rect x="16" width="8" height="16" fill="#ce1126" />
      </svg>
    );
  }
  if (language === 'es') {
    return (
      <svg {...common}>
        <rect width="24" height="16" fill="#aa151b" />
        <rect y="4" width="24" height="8" fill="#f1bf00" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect width="24" height="16" fill="#012169" />
      <path d="M0 0L24 16M24 0L0 16" stroke="#ffffff" strokeWidth="3.2" />
      <path d="M0 0L24 16M24 0L0 16" stroke="#c8102e" strokeWidth="1.2" />
      <path d="M12 0V16M0 8H24" stroke="#ffffff" strokeWidth="5" />
      <path d="M12 0V16M0 8H24" stroke="#c8102e" strokeWidth="3" />
    </svg>
  );
}
