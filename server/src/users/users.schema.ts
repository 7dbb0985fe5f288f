import * as v from 'valibot';
import { USER_LIST_DEFAULTS } from '../../../domain/constants.ts';
import { APPLICATION_STATUSES, LANGUAGES } from '../../../domain/enums.ts';
import { booleanParam, choiceParam, pagingParams, rowIdParam, textParam } from '../../../domain/query-params.ts';
import { USER_SORTS, type UserListQuery } from './users.repository.ts';

const USER_LIST_MAX_LIMIT = 100;

const search = (name: string) => textParam(name, 100);

/** GET /api/users (docs/product/staff-dashboard.md#users-list; defaults from docs/product/limits.md#limits-and-constants: page 1, limit 10, registered_at descending). */
export const userListQuerySchema = v.pipe(
  v.object({
    ...pagingParams(USER_LIST_MAX_LIMIT),
    first_name: search('first_name'),
    last_name: search('last_name'),
    username: search('username'),
    email: search('email'),
    phone: search('phone'),
    language: choiceParam(LANGUAGES, 'language must be en, uk, es or ru'),
    is_admin: booleanParam('is_admin must be true or false'),
    applicationStatus: choiceParam(APPLICATION_STATUSES, 'applicationStatus must be in_review, approved, rejected or withdrawn'),
    regBOverdue: booleanParam('regBOverdue must be true or false'),
    assignee: choiceParam(['me'], 'assignee must be me'),
    waitingForFirstContact: booleanParam('waitingForFirstContact must be true or false'),
    sortBy: choiceParam(USER_SORTS, `sortBy must be one of ${USER_SORTS.join(', ')}`),
    sortOrder: choiceParam(['asc', 'desc'], 'sortOrder must be asc or desc'),
  }),
  v.transform((q): UserListQuery => ({
    ...q,
    page: q.page ?? USER_LIST_DEFAULTS.page,
    limit: q.limit ?? USER_LIST_DEFAULTS.limit,
    sortBy: q.sortBy ?? USER_LIST_DEFAULTS.sortBy,
    sortOrder: q.sortOrder ?? USER_LIST_DEFAULTS.sortOrder,
  })),
);

/** POST /api/users/admin (docs/product/staff-dashboard.md#users-list). */
export const adminChangeSchema = v.object({
  userId: rowIdParam('userId'),
  isAdmin: v.boolean('isAdmin must be true or false'),
});
