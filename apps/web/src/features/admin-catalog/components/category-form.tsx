import { categoryInputSchema, type Category, type CategoryInput } from '@candor/shared';
import { useWatch } from 'react-hook-form';
import { FormActions, fieldProps, useEditForm, type EditFormProps } from '@/components/ui/form';
import { Checkbox, Field, Input, TextField, TextareaField } from '@/components/ui/input';

/** A few quick picks; any emoji or short text can be typed instead. */
const ICON_CHOICES = ['💻', '🎨', '⚙️', '🧠', '☁️', '📊', '🗣️', '🔒'];

export function CategoryForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: EditFormProps<Category, CategoryInput>) {
  const form = useEditForm(
    categoryInputSchema,
    { name: '', description: '', icon: '', isActive: true },
    initial,
  );
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  return (
    <form onSubmit={form.handleSubmit((v) => onSubmit(v))} className="space-y-4" noValidate>
      <TextField label="Name" {...fieldProps(form, 'name', 'category-name')} />
      <TextareaField
        label="Description"
        {...fieldProps(form, 'description', 'category-description')}
      />
      <Field
        id="category-icon"
        label="Icon"
        hint="An emoji or a short text: pick one or type your own."
        error={errors.icon?.message}
      >
        <div className="flex flex-wrap items-center gap-2">
          <Input id="category-icon" className="w-24" {...form.register('icon')} />
          {/* Labels avoid the word "icon" so the field itself stays the only match for it. */}
          {ICON_CHOICES.map((icon) => (
            <button
              key={icon}
              type="button"
              aria-label={`Pick ${icon}`}
              onClick={() => form.setValue('icon', icon, { shouldDirty: true })}
              className="flex size-9 cursor-pointer items-center justify-center rounded-md border border-border bg-card text-lg hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              {icon}
            </button>
          ))}
        </div>
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...form.register('isActive')} /> Active (visible to candidates)
      </label>
      <FormActions onCancel={onCancel} busy={busy || !name?.trim()}>
        {initial ? 'Save Changes' : 'Create Category'}
      </FormActions>
    </form>
  );
}
