import { TIMINGS, type Category } from '@candor/shared';
import { FolderPlus, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Skeleton, SkeletonGrid, SkeletonScreen } from '@/components/ui/skeleton';
import { EmptyState, ErrorState, PageHeader } from '@/components/ui/states';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { useUpdateCategory } from '../api/update-category';
import { CategoryForm } from '../components/category-form';

const fail = (title: string, err: unknown) =>
  toast.error(title, { description: errorMessage(err), duration: TIMINGS.toastErrorMs });

export function CategoriesPage() {
  const { data, isPending, isError, error, refetch } = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
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

  return (
    <div className="space-y-6">
      <PageHeader
        title="Categories"
        description="Group interview sets by field. Inactive categories are hidden from candidates."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden /> New Category
          </Button>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="p-5">
          <p className="text-sm text-muted-foreground">Total Categories</p>
          <p className="text-3xl font-bold">{data.length}</p>
        </Card>
        <Card className="p-5">
          <p className="text-sm text-muted-foreground">Active Categories</p>
          <p className="text-3xl font-bold">{active}</p>
        </Card>
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
            <div className="relative sm:w-80">
              <Label htmlFor="category-search" className="sr-only">
                Search categories
              </Label>
              <Search
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                id="category-search"
                type="search"
                placeholder="Search categories..."
                className="pl-9"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <p className="text-sm text-muted-foreground">
              {shown.length} of {data.length} categories
            </p>
          </div>
          {shown.length === 0 ? (
            <EmptyState
              title="No categories match your search"
              action={
                <Button variant="outline" onClick={() => setSearch('')}>
                  Clear Search
                </Button>
              }
            />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((c) => (
                <Card key={c.id} className="flex flex-col p-5" data-testid="category-card">
                  <div className="flex items-start justify-between gap-3">
                    <div className="flex items-center gap-3">
                      <span
                        className="flex size-10 items-center justify-center rounded-lg bg-accent text-xl"
                        aria-hidden
                      >
                        {c.icon || c.name[0]}
                      </span>
                      <div>
                        <h3 className="font-semibold">{c.name}</h3>
                        <p className="text-xs text-muted-foreground">
                          {c._count.interviewSets} interview set
                          {c._count.interviewSets === 1 ? '' : 's'}
                        </p>
                      </div>
                    </div>
                    <div className="flex flex-col items-end gap-1">
                      <Switch
                        checked={c.isActive}
                        onChange={() => toggle(c)}
                        label={`Active: ${c.name}`}
                        disabled={update.isPending && update.variables?.id === c.id}
                      />
                      <span
                        aria-hidden
                        className={
                          c.isActive
                            ? 'text-xs font-medium text-green-700 dark:text-green-400'
                            : 'text-xs text-muted-foreground'
                        }
                      >
                        {c.isActive ? 'Active' : 'Inactive'}
                      </span>
                    </div>
                  </div>
                  <p className="mt-3 flex-1 text-sm text-muted-foreground">
                    {c.description || 'No description.'}
                  </p>
                  <div className="mt-4 flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(c)}
                      aria-label={`Edit ${c.name}`}
                    >
                      <Pencil aria-hidden /> Edit
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setDeleting(c)}
                      aria-label={`Delete ${c.name}`}
                    >
                      <Trash2 aria-hidden /> Delete
                    </Button>
                  </div>
                </Card>
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
