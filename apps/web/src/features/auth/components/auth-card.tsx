import type { ReactNode } from 'react';
import { ProductMark } from '@/components/product-mark';
import { Card } from '@/components/ui/card';

/** The frame of every signed-out screen. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-background to-sky-50 px-4 py-10 dark:from-indigo-950/40 dark:via-background dark:to-slate-900">
      <div className="w-full max-w-md">
        <ProductMark
          large
          className="mb-6 flex items-center justify-center gap-2 text-lg font-semibold"
        />
        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </Card>
        {footer ? (
          <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>
        ) : null}
      </div>
    </main>
  );
}
