import type { ExportColumn } from './export-definition';

type Column<K extends string> = ExportColumn<Record<K, unknown>>;

/**
 * The user and parent (referrer) columns several exports share, declared once so that the
 * same header means the same thing in every file. The key (and header) follows the list the
 * export mirrors: some lists say `userName`, others `username`, `id` or `userId`.
 */
export const personColumns = {
  userId: <K extends string>(key: K): Column<K> => ({
    key,
    header: key,
    meaning: 'User id',
    type: 'integer',
    example: '1024',
  }),
  userName: <K extends string>(key: K): Column<K> => ({
    key,
    header: key,
    meaning: 'User name',
    type: 'text',
    example: 'alice01',
  }),
  email: (): Column<'email'> => ({
    key: 'email',
    header: 'email',
    meaning: "User's email address",
    type: 'text',
    example: 'alice@example.com',
  }),
  forceClubId: (): Column<'forceClubId'> => ({
    key: 'forceClubId',
    header: 'forceClubId',
    meaning: 'Force Club id hash',
    type: 'text',
    example: 'fc_3a9…',
  }),
  /** The referrer: id (empty for none) and name. */
  parent: (): [Column<'parentId'>, Column<'parentUserName'>] => [
    {
      key: 'parentId',
      header: 'parentId',
      meaning: "Parent (referrer) user's id; empty for none",
      type: 'integer',
      example: '77',
    },
    {
      key: 'parentUserName',
      header: 'parentUserName',
      meaning: "Parent (referrer) user's name",
      type: 'text',
      example: 'bob02',
    },
  ],
};
