// 'Already reported here': while the reporter types or detects a location, an open report with the same
// words or within 25 m (asked once the words look complete, and not on every key press).
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isThreeWordFormat, normaliseThreeWords } from '#shared/domain/three-words.ts';
import { reportFollowUpApi } from '#client/lib/calls/report-follow-up.ts';

interface Where {
  words: string;
  position: { latitude: number; longitude: number } | null;
}

/** The place to ask about, once typing has paused for a moment. */
function useSettled(where: Where, delayMs = 400): Where {
  const [settled, setSettled] = useState(where);
  const key = `${where.words}|${where.position?.latitude}|${where.position?.longitude}`;
  useEffect(() => {
    const timer = setTimeout(() => setSettled(where), delayMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for `where`
  }, [key, delayMs]);
  return settled;
}

export function useAlreadyReported(words: string, position: Where['position']) {
  const settled = useSettled({ words, position });
  const normalised = normaliseThreeWords(settled.words);
  const query = {
    words: isThreeWordFormat(normalised) ? normalised : undefined,
    lat: settled.position?.latitude,
    lng: settled.position?.longitude,
  };
  return useQuery({
    queryKey: [reportFollowUpApi.alreadyReported.url({ query })],
    queryFn: () => reportFollowUpApi.alreadyReported({ query }),
    enabled: query.words !== undefined || settled.position !== null,
    staleTime: 30_000,
    select: (answer) => answer.report,
  });
}

export function useAddMyPhoto() {
  return useMutation({
    mutationFn: ({ id, photo, notifyEmail }: { id: number; photo: Blob; notifyEmail?: string }) =>
      reportFollowUpApi.addConfirmation({
        params: { id },
        form: { fields: { notifyEmail }, files: { photo } },
      }),
  });
}
