import { TIMINGS, type Category } from '@candor/shared';
import { FolderCheck, FolderPlus, Folders, Plus, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { SearchField } from '@/components/ui/filters';
import { Skeleton, SkeletonGrid, SkeletonScreen } from '@/components/ui/skeleton';
import { EmptyState, ErrorState, PageHeader } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useExportCategory } from '../api/export-category';
import { useCategories } from '../api/get-categories';
import { useImportCategory } from '../api/import-category';
import { useUpdateCategory } from '../api/update-category';
import { CategoryCard } from '../components/category-card';
import { CategoryForm } from '../components/category-form';

const fail = (title: string, err: unknown) =>
  toast.error(title, { description: errorMessage(err), duration: TIMINGS.toastErrorMs });

export function CategoriesPage() {
  const { data, isPending, isError, error, refetch } = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const exportOne = useExportCategory();
  const importOne = useImportCategory();
  const fileInput = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  if (isPending)
    return (
      <SkeletonScreen text="Loading categories...">
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
        <SkeletonGrid />
      </SkeletonScreen>
    );
  if (isError)
    return (
      <ErrorState
        title="Failed to Load Categories"
        message={error.message}
        onRetry={() => refetch()}
      />
    );

  const q = search.trim().toLowerCase();
  const shown = data.filter(
    (c) => !q || c.name.toLowerCase().includes(q) || c.description.toLowerCase().includes(q),
  );
  const active = data.filter((c) => c.isActive).length;

  const toggle = (c: Category) =>
    update.mutate(
      { id: c.id, isActive: !c.isActive },
      {
        onSuccess: (res) =>
          toast.success(res.category.isActive ? 'Category activated' : 'Category deactivated'),
        onError: (err) => fail('Failed to update category status', err),
      },
    );

  const importFile = (file: File | undefined) => {
    if (!file) return;
    importOne.mutate(file, {
      onSuccess: (r) =>
        toast.success('Category imported', {
          description: `${r.sets} interview set${r.sets === 1 ? '' : 's'}, ${r.questions} question${r.questions === 1 ? '' : 's'}`,
        }),
      onError: (err) => fail('Failed to import category', err),
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Categories"
        description="Group interview sets by field. Inactive categories are hidden from candidates."
        actions={
          <>
            {/* The file picker is labelled for assistive tech; the button opens it. */}
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              className="sr-only"
              tabIndex={-1}
              aria-label="Import category file"
              onChange={(e) => {
                importFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Button
              variant="outline"
              disabled={importOne.isPending}
              onClick={() => fileInput.current?.click()}
            >
              <Upload aria-hidden /> {importOne.isPending ? 'Importing...' : 'Import'}
            </Button>
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden /> New Category
            </Button>
          </>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard label="Total Categories" value={data.length} icon={<Folders aria-hidden />} />
        <StatCard label="Active Categories" value={active} icon={<FolderCheck aria-hidden />} />
      </div>

      {data.length === 0 ? (
        <EmptyState
          icon={<FolderPlus className="size-10 text-muted-foreground" aria-hidden />}
          title="No Categories Available"
          message="Create a category to start building interview sets."
          action={<Button onClick={() => setEditing('new')}>Create First Category</Button>}
        />
      ) : (
        <>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <SearchField
              id="category-search"
              label="Search categories"
              placeholder="Search categories..."
              value={search}
              onChange={setSearch}
              className="sm:w-80"
            />
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {shown.length} of {data.length} categories
            </p>
          </div>
          {shown.length === 0 ? (
            <EmptyState
              title="No categories match your search"
              message={`Nothing matches "${search.trim()}".`}
              action={
                <Button variant="outline" onClick={() => setSearch('')}>
                  Clear Search
                </Button>
              }
            />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((c) => (
                <CategoryCard
                  key={c.id}
                  category={c}
                  toggling={update.isPending && update.variables?.id === c.id}
                  exporting={exportOne.isPending && exportOne.variables === c.id}
                  onToggle={() => toggle(c)}
                  onEdit={() => setEditing(c)}
                  onExport={() =>
                    exportOne.mutate(c.id, {
                      onError: (err) => fail('Failed to export category', err),
                    })
                  }
                  onDelete={() => setDeleting(c)}
                />
              ))}
            </div>
          )}
        </>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? 'Create Category' : 'Edit Category'}
      >
        {editing !== null ? (
          <CategoryForm
            initial={editing === 'new' ? undefined : editing}
            busy={create.isPending || update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(values) => {
              if (editing === 'new') {
                create.mutate(values, {
                  onSuccess: () => {
                    toast.success('Category created');
                    setEditing(null);
                  },
                  onError: (err) => fail('Failed to create category', err),
                });
              } else {
                update.mutate(
                  { id: editing.id, ...values },
                  {
                    onSuccess: () => {
                      toast.success('Category updated');
                      setEditing(null);
                    },
                    onError: (err) => fail('Failed to update category', err),
                  },
                );
              }
            }}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete category"
        message={`Are you sure you want to delete the category "${deleting?.name ?? ''}"? This action cannot be undone.`}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Category deleted'),
            onError: (err) => fail('Failed to delete category', err),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}

function StatCard({ label, value, icon }: { label: string; value: number; icon: React.ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground [&_svg]:size-5">
        {icon}
      </span>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-3xl font-bold tabular-nums">{value}</p>
      </div>
    </Card>
  );
}
