import type {
  BookingResponse,
  Product,
  ProductInput,
  ProductResponse,
  ProductsResponse,
  ProductUpdateInput,
} from '@marquee/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The buyers' menu; refetch it when a booking is refused for stock (`409 Only n left`). */
export const menuKey = ['products'] as const;
/** The picture to show for a product: the one stored with the app, else an admin's image URL. */
export function pictureOf(product: Pick<Product, 'imageUrl' | 'image'>): string | null {
  return product.imageUrl ?? product.image ?? null;
}

const adminKey = ['admin', 'products'] as const;

/** The menu buyers choose from: active products in order (CONTRACT §12). */
export function useMenu() {
  return useQuery({
    queryKey: menuKey,
    queryFn: ({ signal }) =>
      api<ProductsResponse>('/api/products', { signal, fallbackMessage: 'Could not load the menu' }),
    staleTime: 30_000,
  });
}

/** Every product, retired ones too (admins). */
export function useAdminProducts() {
  return useQuery({
    queryKey: adminKey,
    queryFn: ({ signal }) =>
      api<ProductsResponse>('/api/admin/products', { signal, fallbackMessage: 'Could not load the menu' }),
  });
}

function useRefreshMenu() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKey });
    void queryClient.invalidateQueries({ queryKey: menuKey });
  };
}

export function useAddProduct() {
  const refresh = useRefreshMenu();
  return useMutation({
    mutationFn: (input: ProductInput) =>
      api<ProductResponse>('/api/admin/products', {
        method: 'POST',
        body: input,
        fallbackMessage: 'Could not add it',
      }),
    onSuccess: refresh,
  });
}

export function useUpdateProduct() {
  const refresh = useRefreshMenu();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ProductUpdateInput }) =>
      api<ProductResponse>(`/api/admin/products/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: change,
        fallbackMessage: 'Could not save it',
      }),
    onSuccess: refresh,
  });
}

/** Uploads (or replaces) a product's picture: the file's bytes as they are (CONTRACT §12). */
export function useUploadPicture() {
  const refresh = useRefreshMenu();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: Blob }) =>
      api<ProductResponse>(`/api/admin/products/${encodeURIComponent(id)}/image`, {
        method: 'PUT',
        body: file,
        fallbackMessage: 'Could not upload the picture',
      }),
    onSuccess: refresh,
  });
}

export function useRemovePicture() {
  const refresh = useRefreshMenu();
  return useMutation({
    mutationFn: (id: string) =>
      api<ProductResponse>(`/api/admin/products/${encodeURIComponent(id)}/image`, {
        method: 'DELETE',
        fallbackMessage: 'Could not remove the picture',
      }),
    onSuccess: refresh,
  });
}

export function useReorderProducts() {
  const refresh = useRefreshMenu();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api<ProductsResponse>('/api/admin/products/reorder', {
        method: 'POST',
        body: { ids },
        fallbackMessage: 'Could not reorder the menu',
      }),
    onSuccess: refresh,
  });
}

/** Marks a booking's items handed over at the door. */
export function useCollectItems() {
  return useMutation({
    mutationFn: (bookingId: string) =>
      api<BookingResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/collect`, {
        method: 'POST',
        fallbackMessage: 'Could not mark the items collected',
      }),
  });
}
