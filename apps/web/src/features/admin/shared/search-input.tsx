import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

const DEBOUNCE_MS = 300;

/** A search box that reports its text once the user pauses typing. */
export function SearchInput({
  label,
  value,
  onChange,
  placeholder,
  className,
  debounce = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
  debounce?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(value);

  useEffect(() => {
    if (!debounce || text === value) return;
    const timer = window.setTimeout(() => onChange(text), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange, debounce]);

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="-translate-y-1/2 absolute top-1/2 left-2.5 size-4 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          className="pl-8"
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!debounce) onChange(e.target.value);
          }}
        />
      </div>
    </div>
  );
}
