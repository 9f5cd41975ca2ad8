import { Command } from 'cmdk';
import { ChevronsUpDown } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import type { ChampionOption } from '../../api/types';

const NONE = '__none__';

/** Lower case, without accents, spaces or punctuation: "Kai'Sa", "kaisa" and "KAI SA" are one. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('it')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Names starting with the search first, then names containing it; the rest is hidden. */
function championFilter(_value: string, search: string, keywords?: string[]): number {
  const needle = searchKey(search);
  if (needle === '') return 1;
  const hay = searchKey(keywords?.join(' ') ?? '');
  if (hay.startsWith(needle)) return 1;
  return hay.includes(needle) ? 0.5 : 0;
}

const label = (c: ChampionOption) => `${c.name} (T${c.tier})`;

/**
 * The champion a player used in a game: a text box that filters the list as you type (case, accents
 * and punctuation ignored), arrows and Enter to choose, Escape to close (WAI-ARIA combobox, via cmdk).
 */
export function ChampionCombobox({
  name,
  champions,
  value,
  onChange,
}: {
  /** Accessible name, e.g. "Campione di Caps". */
  name: string;
  champions: readonly ChampionOption[];
  value: string | null;
  onChange: (championId: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const selected = champions.find((c) => c.id === value);
  const input = useRef<HTMLInputElement>(null);
  // cmdk marks its input as always expanded and always pointing at its list; the list exists only
  // while the popover is open, so say so.
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('aria-expanded', String(open));
    if (!open) el.removeAttribute('aria-controls');
  });

  const pick = (championId: string | null) => {
    onChange(championId);
    setOpen(false);
    setSearch('');
  };

  return (
    <Command label={name} filter={championFilter} loop className="relative">
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Anchor asChild>
          <div className="relative">
            <Command.Input
              ref={input}
              value={open ? search : selected ? label(selected) : ''}
              placeholder={open && selected ? label(selected) : 'Nessun campione'}
              onValueChange={(text) => {
                setSearch(text);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onClick={() => setOpen(true)}
              onBlur={() => {
                setOpen(false);
                setSearch('');
              }}
              onKeyDown={(event) => {
                if (!open && (event.key === 'ArrowDown' || event.key === 'Enter')) setOpen(true);
              }}
              className={cn(
                'h-8 w-full min-w-0 rounded-md border border-input bg-transparent py-1 pr-8 pl-2.5 text-sm shadow-xs outline-none',
                'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30',
              )}
            />
            <ChevronsUpDown
              aria-hidden="true"
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 right-2 size-4 opacity-50"
            />
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            // the text box keeps the focus; a click in the list must not blur it before choosing
            onOpenAutoFocus={(event) => event.preventDefault()}
            onMouseDown={(event) => event.preventDefault()}
            className="z-50 w-(--radix-popover-trigger-width) min-w-56 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
          >
            <Command.List className="max-h-64 overflow-y-auto">
              <Command.Empty className="px-2 py-3 text-center text-muted-foreground text-sm">
                Nessun campione trovato
              </Command.Empty>
              <Command.Item
                value={NONE}
                keywords={['Nessun campione']}
                onSelect={() => pick(null)}
                className="cursor-pointer rounded-sm px-2 py-1.5 text-muted-foreground text-sm data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
              >
                Nessun campione
              </Command.Item>
              {champions.map((c) => (
                <Command.Item
                  key={c.id}
                  value={c.id}
                  keywords={[c.name]}
                  onSelect={() => pick(c.id)}
                  className={cn(
                    'cursor-pointer rounded-sm px-2 py-1.5 text-sm data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground',
                    c.id === value && 'font-semibold',
                  )}
                >
                  {label(c)}
                </Command.Item>
              ))}
            </Command.List>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </Command>
  );
}
