import { cn } from '@/lib/utils';

/** The interviewer: an SVG face whose mouth and rings move while it speaks. */
export function InterviewerAvatar({
  speaking,
  thinking,
}: {
  speaking: boolean;
  thinking: boolean;
}) {
  return (
    <div className="relative flex size-48 items-center justify-center sm:size-56" aria-hidden>
      <span
        className={cn('absolute inset-0 rounded-full bg-indigo-500/20', speaking && 'animate-ping')}
      />
      <span
        className={cn(
          'absolute inset-4 rounded-full bg-indigo-500/20',
          (speaking || thinking) && 'animate-pulse',
        )}
      />
      <svg viewBox="0 0 120 120" className="relative size-36 drop-shadow-xl sm:size-40">
        <defs>
          <linearGradient id="face" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stopColor="#818cf8" />
            <stop offset="100%" stopColor="#6d28d9" />
          </linearGradient>
        </defs>
        <circle cx="60" cy="60" r="56" fill="url(#face)" />
        <circle cx="42" cy="50" r="7" fill="#fff" />
        <circle cx="78" cy="50" r="7" fill="#fff" />
        <circle cx="42" cy="51" r="3" fill="#1e1b4b" />
        <circle cx="78" cy="51" r="3" fill="#1e1b4b" />
        {speaking ? (
          <ellipse cx="60" cy="82" rx="14" ry="8" fill="#1e1b4b">
            <animate attributeName="ry" values="3;9;4;8;3" dur="0.6s" repeatCount="indefinite" />
          </ellipse>
        ) : (
          <path
            d="M46 80 Q60 90 74 80"
            stroke="#1e1b4b"
            strokeWidth="4"
            fill="none"
            strokeLinecap="round"
          />
        )}
      </svg>
    </div>
  );
}

/** Bars that move with the microphone level while the candidate is recorded. */
export function SoundWave({ active }: { active: boolean }) {
  return (
    <div className="flex h-8 items-end gap-1" aria-hidden>
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <span
          key={i}
          className={cn(
            'w-1.5 rounded-full bg-indigo-400 transition-all',
            active ? 'animate-[wave_0.9s_ease-in-out_infinite]' : 'h-1.5',
          )}
          style={
            active
              ? { animationDelay: `${i * 0.1}s`, height: `${8 + ((i * 7) % 20)}px` }
              : undefined
          }
        />
      ))}
    </div>
  );
}
