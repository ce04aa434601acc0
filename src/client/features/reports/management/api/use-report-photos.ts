// A report's added photos: the list, adding one, deleting one. Loaded with the parts that show them
// (the card's opened photo list, the Add Photo dialog), not with the list of cards.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportsApi } from '#client/lib/calls/reports.ts';

const reportPhotosKey = (id: number) => [reportsApi.photos.url({ params: { id } })] as const;

export function useReportPhotos(id: number) {
  return useQuery({
    queryKey: reportPhotosKey(id),
    queryFn: () => reportsApi.photos({ params: { id } }),
  });
}

export function useAddReportPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, photo, description }: { id: number; photo: File; description: string }) =>
      reportsApi.addPhotos({
        params: { id },
        form: {
          fields: { photoType: 'progress', description, uploadedBy: 'Volunteer' },
          files: { photo: { blob: photo, name: photo.name } },
        },
      }),
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: reportPhotosKey(id) }),
  });
}

export function useDeleteReportPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, photoId }: { id: number; photoId: number }) =>
      reportsApi.deletePhoto({ params: { id, photoId } }),
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: reportPhotosKey(id) }),
  });
}
