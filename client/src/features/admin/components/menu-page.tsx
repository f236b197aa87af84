import { LOW_STOCK, PRODUCT_IMAGE_MAX_BYTES, foodMessages, imageTypeOf, type Product } from '@marquee/shared';
import { ArrowDown, ArrowUp, Pencil } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { buttonClassName } from '../../../components/ui/button.ts';
import { formatRupees } from '@marquee/shared';
import { Field, inputClassName } from './field.tsx';
import { EmptyState, ErrorState, LoadingState } from './list-states.tsx';
import {
  useAddProduct,
  useAdminProducts,
  useRemovePicture,
  useReorderProducts,
  useUpdateProduct,
  useUploadPicture,
  pictureOf,
} from '../../food/api/products.ts';
import { ProductPicture } from '../../../components/ui/product-picture.tsx';

/**
 * The picture stored with the app, while editing a product: a preview, a file input that uploads
 * the chosen file at once, and Remove. The server judges the file; the same checks here only
 * spare an upload that would be refused.
 */
function PictureEditor({ product }: { product: Product }) {
  const [url, setUrl] = useState<string | null>(product.imageUrl);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const busy = upload.isPending || remove.isPending;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setError(null);
    if (!file) return;
    try {
      if (file.size > PRODUCT_IMAGE_MAX_BYTES) throw new Error(foodMessages.pictureTooLarge);
      if (!imageTypeOf(new Uint8Array(await file.slice(0, 16).arrayBuffer())))
        throw new Error(foodMessages.pictureType);
      const answer = await upload.mutateAsync({ id: product._id, file });
      setUrl(answer.product.imageUrl);
      toast.success(`Picture of ${product.name} saved`);
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : 'Could not upload the picture');
    } finally {
      input.value = '';
    }
  }

  async function removePicture() {
    setError(null);
    try {
      await remove.mutateAsync(product._id);
      setUrl(null);
      toast.success(`Picture of ${product.name} removed`);
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : 'Could not remove the picture');
    }
  }

  return (
    <div className="flex flex-wrap items-start gap-4 sm:col-span-2 lg:col-span-5">
      <ProductPicture src={url} alt={url ? `Picture of ${product.name}` : ''} size="lg" />
      <div className="flex min-w-56 flex-1 flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Picture
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={choose}
          disabled={busy}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="block w-full max-w-sm text-sm text-zinc-700 file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-zinc-900 hover:file:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
        />
        <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
          JPEG, PNG or WebP, up to 1 MB; saved as soon as it is chosen.
          {upload.isPending ? ' Uploading…' : ''}
        </p>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        {url && (
          <button
            type="button"
            className={buttonClassName('secondary', 'self-start')}
            onClick={removePicture}
            disabled={busy}
          >
            {remove.isPending ? 'Removing…' : 'Remove picture'}
          </button>
        )}
      </div>
    </div>
  );
}

interface FormValues {
  name: string;
  price: string;
  taxRate: string;
  stock: string;
  image: string;
}

const empty: FormValues = { name: '', price: '', taxRate: '', stock: '', image: '' };

function valuesOf(product: Product): FormValues {
  return {
    name: product.name,
    price: String(product.price),
    taxRate: String(product.taxRate),
    stock: product.stock === null ? '' : String(product.stock),
    image: product.image ?? '',
  };
}

/** The add/edit form: an empty stock is unlimited, an empty rate the settings' food rate. */
function ProductForm({ editing, onDone }: { editing: Product | null; onDone: () => void }) {
  const [values, setValues] = useState<FormValues>(editing ? valuesOf(editing) : empty);
  const [error, setError] = useState<string | null>(null);
  const add = useAddProduct();
  const update = useUpdateProduct();
  const nameRef = useRef<HTMLInputElement>(null);
  const pending = add.isPending || update.isPending;

  const set = (key: keyof FormValues) => (event: { currentTarget: HTMLInputElement }) =>
    setValues((v) => ({ ...v, [key]: event.currentTarget.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const body = {
      name: values.name,
      price: values.price,
      ...(values.taxRate.trim() ? { taxRate: values.taxRate } : {}),
      stock: values.stock.trim() === '' ? null : values.stock,
      image: values.image.trim() === '' ? null : values.image.trim(),
    };
    try {
      if (editing) await update.mutateAsync({ id: editing._id, change: body });
      else await add.mutateAsync(body);
      toast.success(editing ? `${values.name} saved` : `${values.name} added to the menu`);
      setValues(empty);
      onDone();
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : 'Could not save it');
      nameRef.current?.focus();
    }
  }

  return (
    <form
      onSubmit={submit}
      aria-label={editing ? `Edit ${editing.name}` : 'Add an item'}
      className="grid gap-4 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <Field label="Name">
        {(control) => (
          <input
            {...control}
            ref={nameRef}
            className={inputClassName}
            value={values.name}
            onInput={set('name')}
            required
          />
        )}
      </Field>
      <Field label="Price (₹, GST included)">
        {(control) => (
          <input
            {...control}
            className={inputClassName}
            inputMode="decimal"
            value={values.price}
            onInput={set('price')}
            required
          />
        )}
      </Field>
      <Field label="GST %" hint="Empty: the food rate in Settings">
        {(control) => (
          <input
            {...control}
            className={inputClassName}
            inputMode="decimal"
            value={values.taxRate}
            onInput={set('taxRate')}
          />
        )}
      </Field>
      <Field label="Stock" hint="Empty: unlimited">
        {(control) => (
          <input
            {...control}
            className={inputClassName}
            inputMode="numeric"
            value={values.stock}
            onInput={set('stock')}
          />
        )}
      </Field>
      <Field label="Image URL" hint="Optional; an uploaded picture is shown instead">
        {(control) => (
          <input
            {...control}
            className={inputClassName}
            type="url"
            value={values.image}
            onInput={set('image')}
          />
        )}
      </Field>
      {editing ? <PictureEditor product={editing} /> : null}
      {error && (
        <p
          role="alert"
          className="text-sm font-medium text-red-700 sm:col-span-2 lg:col-span-5 dark:text-red-400"
        >
          {error}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
        <button type="submit" className={buttonClassName('primary')} disabled={pending}>
          {pending ? 'Saving…' : editing ? 'Save item' : 'Add item'}
        </button>
        {editing && (
          <button type="button" className={buttonClassName('secondary')} onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function stockText(product: Product): string {
  if (product.stock === null) return 'Unlimited';
  if (product.stock === 0) return 'Sold out';
  return `${product.stock} left`;
}

/** /admin/menu: add, edit, reorder and retire food and drink (CONTRACT §12). */
export function MenuPage() {
  const products = useAdminProducts();
  const update = useUpdateProduct();
  const reorder = useReorderProducts();
  const [editing, setEditing] = useState<Product | null>(null);

  if (products.isPending) return <LoadingState label="Loading the menu..." />;
  if (products.isError) return <ErrorState message={products.error.message} />;
  const list = products.data.products;

  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((p) => p._id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids, { onError: (e) => toast.error(e.message) });
  };
  const setActive = (product: Product, active: boolean) =>
    update.mutate(
      { id: product._id, change: { active } },
      {
        onSuccess: () =>
          toast.success(active ? `${product.name} is back on the menu` : `${product.name} retired`),
        onError: (e) => toast.error(e.message),
      },
    );

  return (
    <div className="flex flex-col gap-6">
      <ProductForm key={editing?._id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {list.length === 0 ? (
        <EmptyState title="No food or drink yet" detail="Add the first item above." />
      ) : (
        <ul aria-label="Menu" className="flex flex-col gap-2">
          {list.map((product, index) => {
            const low = product.stock !== null && product.stock <= LOW_STOCK;
            return (
              <li
                key={product._id}
                className={`flex flex-wrap items-center gap-3 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900 ${product.active ? '' : 'opacity-70'}`}
              >
                <ProductPicture src={pictureOf(product)} alt="" />
                <div className="min-w-40 flex-1">
                  <p className="font-semibold text-zinc-900 dark:text-zinc-100">
                    {product.name}
                    {!product.active && (
                      <span className="ml-2 text-xs font-medium text-zinc-600 dark:text-zinc-400">
                        Retired
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    {formatRupees(product.price)} · GST {product.taxRate}% ·{' '}
                    <span className={low ? 'font-semibold text-amber-800 dark:text-amber-300' : ''}>
                      {stockText(product)}
                      {low && product.stock! > 0 ? ' (low)' : ''}
                    </span>
                  </p>
                </div>
                <div className="flex flex-wrap gap-1">
                  <button
                    type="button"
                    className={buttonClassName('ghost', 'px-2')}
                    onClick={() => move(index, -1)}
                    disabled={index === 0 || reorder.isPending}
                    aria-label={`Move ${product.name} up`}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={buttonClassName('ghost', 'px-2')}
                    onClick={() => move(index, 1)}
                    disabled={index === list.length - 1 || reorder.isPending}
                    aria-label={`Move ${product.name} down`}
                  >
                    <ArrowDown aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={buttonClassName('secondary')}
                    onClick={() => setEditing(product)}
                    aria-label={`Edit ${product.name}`}
                  >
                    <Pencil aria-hidden className="size-4" /> Edit
                  </button>
                  <button
                    type="button"
                    className={buttonClassName('secondary')}
                    onClick={() => setActive(product, !product.active)}
                  >
                    {product.active ? `Retire` : `Restore`}
                    <span className="sr-only"> {product.name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
