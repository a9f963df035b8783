import type { SVGProps } from 'react';

/** A handful of stroke icons drawn inline, so no icon library lands in the bundle. */
function Icon({ d, ...props }: SVGProps<SVGSVGElement> & { d: string }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

type P = SVGProps<SVGSVGElement>;
export const IconEdit = (p: P) => (
  <Icon d="M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4M13.5 6.5l4 4" {...p} />
);
export const IconTrash = (p: P) => (
  <Icon d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" {...p} />
);
export const IconCopy = (p: P) => (
  <Icon
    d="M8 8h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2zM16 8V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h2"
    {...p}
  />
);
export const IconPower = (p: P) => <Icon d="M7 6a7.75 7.75 0 1 0 10 0M12 4v8" {...p} />;
export const IconPlus = (p: P) => <Icon d="M12 5v14M5 12h14" {...p} />;
export const IconMenu = (p: P) => <Icon d="M4 6h16M4 12h16M4 18h16" {...p} />;
export const IconSettings = (p: P) => (
  <Icon d="M4 6h8M16 6h4M4 12h2M10 12h10M4 18h11M19 18h1M14 4v4M8 10v4M17 16v4" {...p} />
);
export const IconLogout = (p: P) => (
  <Icon
    d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2M9 12h12l-3-3M18 15l3-3"
    {...p}
  />
);
export const IconKey = (p: P) => (
  <Icon
    d="M16.5 3a4.5 4.5 0 1 1-3.2 7.7L5 19H3v-2l1-1h2v-2h2l1.3-1.3A4.5 4.5 0 0 1 16.5 3zM17 7h.01"
    {...p}
  />
);
export const IconAlert = (p: P) => (
  <Icon
    d="M12 9v4M12 17h.01M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"
    {...p}
  />
);
export const IconApi = (p: P) => <Icon d="M8 8l-4 4 4 4M16 8l4 4-4 4M14 5l-4 14" {...p} />;
export const IconActivity = (p: P) => <Icon d="M3 12h4l3 8 4-16 3 8h4" {...p} />;
export const IconLanguage = (p: P) => (
  <Icon
    d="M4 5h7M9 3v2c0 4.4-2.2 8-5 9M5 9c0 2.1 2.9 4 6.4 4.5M12 20l4-9 4 9M19.1 18h-6.2"
    {...p}
  />
);
export const IconSunMoon = (p: P) => (
  <Icon d="M12 3a9 9 0 1 0 9 9 7 7 0 0 1-9-9zM17 4h.01M20 7h.01" {...p} />
);
export const IconChart = (p: P) => <Icon d="M4 20V10M10 20V4M16 20v-7M22 20H2" {...p} />;
export const IconHistory = (p: P) => (
  <Icon d="M12 8v4l2 2M3.05 11a9 9 0 1 1 .5 4M3 20v-5h5" {...p} />
);
export const IconLayers = (p: P) => (
  <Icon d="M12 3 3 8l9 5 9-5-9-5zM3 12l9 5 9-5M3 16l9 5 9-5" {...p} />
);
export const IconChat = (p: P) => (
  <Icon d="M4 18V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H8l-4 4v-2M8 9h8M8 12h5" {...p} />
);
export const IconBack = (p: P) => <Icon d="M19 12H5M11 6l-6 6 6 6" {...p} />;
