import type { ReactNode } from 'react';
import type { Language } from '../../lib/language.ts';

function starPoints(cx: number, cy: number, outer: number, rotation = 0): string {
  const inner = outer * 0.382;
  return Array.from({ length: 10 }, (_, index) => {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = rotation - Math.PI / 2 + (index * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
}

// Small drawings rather than emoji flags: many desktop systems render flag emoji as two letters.
const FLAG_ARTWORK: Record<Language, ReactNode> = {
  en: (
    <g>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0 30 20M30 0 0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0 30 20M30 0 0 20" stroke="#C8102E" strokeWidth="1.4" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#C8102E" strokeWidth="3.4" />
    </g>
  ),
  zh: (
    <g>
      <rect width="30" height="20" fill="#EE1C25" />
      <polygon points={starPoints(5, 5, 3)} fill="#FFDE00" />
      <polygon points={starPoints(10, 2, 1, 0.9)} fill="#FFDE00" />
      <polygon points={starPoints(12, 4, 1, 0.4)} fill="#FFDE00" />
      <polygon points={starPoints(12, 7, 1, 0)} fill="#FFDE00" />
      <polygon points={starPoints(10, 9, 1, 0.9)} fill="#FFDE00" />
    </g>
  ),
  es: (
    <g>
      <rect width="30" height="20" fill="#AA151B" />
      <rect y="5" width="30" height="10" fill="#F1BF00" />
    </g>
  ),
  ja: (
    <g>
      <rect width="30" height="20" fill="#fff" />
      <circle cx="15" cy="10" r="6" fill="#BC002D" />
    </g>
  ),
  de: (
    <g>
      <rect width="30" height="20" fill="#FFCE00" />
      <rect width="30" height="13.34" fill="#DD0000" />
      <rect width="30" height="6.67" fill="#000" />
    </g>
  ),
  fr: (
    <g>
      <rect width="30" height="20" fill="#ED2939" />
      <rect width="20" height="20" fill="#fff" />
      <rect width="10" height="20" fill="#002395" />
    </g>
  ),
};

export function LanguageFlag({ language }: { language: Language }) {
  return (
    <svg
      className="language-flag"
      viewBox="0 0 30 20"
      width="21"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      {FLAG_ARTWORK[language]}
    </svg>
  );
}
