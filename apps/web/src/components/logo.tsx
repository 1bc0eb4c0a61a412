type LogoProps = {
  /** `onLight`: navy wordmark for white surfaces; `onDark`: white wordmark for the navy sidebar. */
  variant?: 'onLight' | 'onDark';
  height?: number;
  /** Hide the wordmark and keep the mark only. */
  markOnly?: boolean;
};

/** The Centric mark (concentric rings) and wordmark. Decorative: wrap it in a labelled link or heading. */
export const Logo = ({ variant = 'onLight', height = 32, markOnly = false }: LogoProps) => {
  const ink = variant === 'onLight' ? '#0f1d33' : '#ffffff';
  const accent = variant === 'onLight' ? '#0f766e' : '#46c0b1';
  const width = markOnly ? height : (height * 168) / 48;
  return (
    <svg
      width={width}
      height={height}
      viewBox={markOnly ? '0 0 48 48' : '0 0 168 48'}
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block' }}
    >
      <circle cx="24" cy="24" r="17" fill="none" stroke={accent} strokeWidth="4.5" />
      <circle cx="24" cy="24" r="9" fill="none" stroke={ink} strokeWidth="3.5" />
      <circle cx="24" cy="24" r="3" fill={accent} />
      {!markOnly && (
        <text
          x="52"
          y="33"
          fontFamily="Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
          fontSize="27"
          fontWeight="700"
          letterSpacing="-0.5"
          fill={ink}
        >
          Centric
        </text>
      )}
    </svg>
  );
};
