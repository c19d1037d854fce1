import type { AvailableCategory, InterviewSetSummary } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const availableSetsQueryOptions = queryOptions({
  queryKey: ['catalogue', 'sets', 'available'],
  queryFn: ({ signal }) =>
    api.get<InterviewSetSummary[]>('/interview/sets/available', undefined, signal),
});

export const availableCategoriesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'categories', 'available'],
  queryFn: ({ signal }) =>
    api.get<AvailableCategory[]>('/interview/categories/available', undefined, signal),
});

export function useAvailableSets() {
  return useQuery(availableSetsQueryOptions);
}

export function useAvailableCategories() {
  return useQuery(availableCategoriesQueryOptions);
}
