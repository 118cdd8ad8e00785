type IconProps = { className?: string };

const base = {
  xmlns: "http://www.w3.org/2000/svg",
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
};

export const SearchIcon = ({ className = "size-5" }: IconProps) => (
  <svg aria-hidden="true" {...base} className={className}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);

export const MenuIcon = ({ className = "size-6" }: IconProps) => (
  <svg aria-hidden="true" {...base} className={className}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);

export const CloseIcon = ({ className = "size-6" }: IconProps) => (
  <svg aria-hidden="true" {...base} className={className}>
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);

export const HeartIcon = ({ className = "size-5", filled = false }: IconProps & { filled?: boolean }) => (
  <svg aria-hidden="true" {...base} className={className} fill={filled ? "currentColor" : "none"}>
    <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.7 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.4 0 5.6 3.3 4.4 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z" />
  </svg>
);

export const PinIcon = ({ className = "size-5" }: IconProps) => (
  <svg aria-hidden="true" {...base} className={className}>
    <path d="M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </svg>
);

export const CalendarIcon = ({ className = "size-5" }: IconProps) => (
  <svg aria-hidden="true" {...base} className={className}>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </svg>
);

export const MailIcon = ({ className = "size-5" }: IconProps) => (
  <svg aria-hidden="true" {...base} className={className}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
  </svg>
);

export const PhoneIcon = ({ className = "size-5" }: IconProps) => (
  <svg aria-hidden="true" {...base} className={className}>
    <path d="M5 4h3.5l1.5 4.5-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5C10.6 20 4 13.4 3.5 5.6A1.5 1.5 0 0 1 5 4Z" />
  </svg>
);

export const ArrowRightIcon = ({ className = "size-4" }: IconProps) => (
  <svg aria-hidden="true" {...base} className={className}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </svg>
);

export const ChevronDownIcon = ({ className = "size-4" }: IconProps) => (
  <svg aria-hidden="true" {...base} className={className}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);
