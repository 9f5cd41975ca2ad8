import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function Logo() {
  return (
    <Link
      to={paths.home.getHref()}
      className="flex shrink-0 items-center gap-2 rounded-md font-extrabold text-lg tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
        <rect width="32" height="32" rx="7" className="fill-[oklch(0.22_0.06_270)]" />
        <path d="M16 4 27 16 16 28 5 16Z" fill="none" strokeWidth="2.5" className="stroke-brand" />
        <path d="M16 9v14M12 16h8" strokeWidth="2.5" strokeLinecap="round" className="stroke-brand" />
      </svg>
      <span>
        Fanta<span className="text-brand-text">Rift</span>
      </span>
    </Link>
  );
}
