import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';

/**
 * "Download PDF": a plain link the browser downloads (the server answers it as an attachment,
 * drawn from the same report), so no script is loaded for it.
 */
export function DownloadPdfLink({ href }: { href: string }) {
  return (
    <a href={href} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <Download aria-hidden /> Download PDF
    </a>
  );
}
