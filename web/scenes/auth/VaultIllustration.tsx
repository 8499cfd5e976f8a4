import styled from 'styled-components';

const Art = styled.svg`
  width: 100%;
  max-width: 220px;
  height: auto;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    max-width: 360px;
  }
`;

/** Decorative: a shielded vault holding records, with a pulse line. Hidden from assistive technology. */
export function VaultIllustration() {
  return (
    <Art viewBox="0 0 360 200" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="vault-shield" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <rect x="28" y="58" width="92" height="112" rx="12" fill="#ffffff" stroke="#e2e8f0" transform="rotate(-8 74 114)" />
      <rect x="44" y="80" width="56" height="7" rx="3.5" fill="#ccfbf1" transform="rotate(-8 74 114)" />
      <rect x="44" y="96" width="44" height="7" rx="3.5" fill="#e2e8f0" transform="rotate(-8 74 114)" />
      <rect x="44" y="112" width="50" height="7" rx="3.5" fill="#e2e8f0" transform="rotate(-8 74 114)" />
      <rect x="240" y="58" width="92" height="112" rx="12" fill="#ffffff" stroke="#e2e8f0" transform="rotate(8 286 114)" />
      <path d="M256 120h14l8-18 10 34 8-16h18" fill="none" stroke="#2563eb" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" transform="rotate(8 286 114)" />
      <path d="M180 18c-26 18-52 24-74 24v54c0 46 32 75 74 90 42-15 74-44 74-90V42c-22 0-48-6-74-24z" fill="url(#vault-shield)" />
      <path d="M170 70h20v26h26v20h-26v26h-20v-26h-26V96h26z" fill="#ecfeff" />
      <circle cx="62" cy="32" r="6" fill="#99f6e4" />
      <circle cx="312" cy="30" r="4" fill="#bfdbfe" />
      <circle cx="330" cy="184" r="6" fill="#99f6e4" />
    </Art>
  );
}
