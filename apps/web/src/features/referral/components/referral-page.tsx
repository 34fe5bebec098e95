import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Grid,
  IconButton,
  LinearProgress,
  Link,
  List,
  ListItem,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { amountField, dateTimeField } from '@/components/data-table/columns';
import { DataTable, type DataColumn } from '@/components/data-table/data-table';
import { DetailList } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { TruncatedText } from '@/components/truncated-text';
import type { ReferralTreeQuery, UserReferralRelationshipQuery } from '@/gql/graphql';
import { AmountText } from '@/components/amount-text';
import { adminTimeZone, formatDateTime, formatDateTimeShort } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { useReferralChildren, useReferralTree } from '../api/referral-tree';
import { useUserReferralRelationship } from '../api/user-referral-relationship';
import { UserPicker } from './user-picker';
import '@/i18n/lists';

type Node = ReferralTreeQuery['referralTree']['user'];
type ChildUser = UserReferralRelationshipQuery['userReferralRelationship']['childrenUsers'][number];

/** /common/referral: pick a user, see parent, user and children, expand level by level. */
export function ReferralPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const userName = params.get('user') ?? '';
  const tree = useReferralTree(userName);
  // Picking a user is a history entry, so Back returns to the previous user.
  const pick = (name: string) => setParams({ user: name });
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <UserPicker key={userName} value={userName} onChange={pick} />
      </Paper>
      {!userName && <Alert severity="info">{t('referral.selectPrompt')}</Alert>}
      {tree.isFetching && <LinearProgress aria-label={t('list.loading')} />}
      {tree.error && <Alert severity="error">{errorMessage(tree.error, t)}</Alert>}
      {tree.data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <SectionCard id="referral-tree" title={t('referral.tree')}>
              <Stack spacing={1.5}>
                <Typography variant="overline">{t('referral.parent')}</Typography>
                {tree.data.parent ? (
                  <NodeLine node={tree.data.parent} onFocus={pick} />
                ) : (
                  <Typography color="text.secondary">{t('referral.noParent')}</Typography>
                )}
                <Typography variant="overline">{t('referral.user')}</Typography>
                <Box
                  sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1 }}
                  data-testid="referral-user"
                >
                  <NodeLine node={tree.data.user} onFocus={pick} current />
                </Box>
                <Typography variant="overline">
                  {t('referral.children')} ({formatNumber(tree.data.totalChildren)})
                </Typography>
                <ChildrenLevel userId={tree.data.user.id} onFocus={pick} depth={1} />
              </Stack>
            </SectionCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Relationship userId={tree.data.user.id} />
          </Grid>
        </Grid>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('list.timeZone', { zone: adminTimeZone() })}
      </Typography>
    </Stack>
  );
}

/**
 * A user in the tree on one line (issue 17: a large branch walked three levels deep must stay
 * within a screen or two): the expand control and the name first, then the child number, the
 * registration time and the counts, cut with an ellipsis rather than wrapped.
 */
function NodeLine({
  node,
  badge,
  onFocus,
  current = false,
  expand,
}: {
  node: Node;
  badge?: number;
  onFocus: (userName: string) => void;
  current?: boolean;
  expand?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, minHeight: 30 }}>
      {expand}
      <Link
        component={RouterLink}
        to={`/common/users/${node.id}`}
        sx={{ fontWeight: current ? 600 : 400, whiteSpace: 'nowrap' }}
      >
        {node.userName}
      </Link>
      {badge !== undefined && (
        <Typography
          component="span"
          variant="caption"
          color="primary"
          sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
        >
          {t('referral.childBadge', { number: badge })}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" noWrap sx={{ minWidth: 0, flex: 1 }}>
        <span title={formatDateTime(node.registeredAt)}>
          {formatDateTimeShort(node.registeredAt)}
        </span>
        {' · '}
        <span>
          {t('referral.childCount', {
            count: node.childrenCount,
            formatted: formatNumber(node.childrenCount),
          })}
          {' · '}
          {t('referral.descendantCount', {
            count: node.descendantsCount,
            formatted: formatNumber(node.descendantsCount),
          })}
        </span>
      </Typography>
      {!current && (
        <Tooltip title={t('referral.focus', { name: node.userName })}>
          <IconButton
            size="small"
            onClick={() => onFocus(node.userName)}
            aria-label={t('referral.focus', { name: node.userName })}
          >
            <CenterFocusStrongIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

/** Children per page: the first level shows more, deeper levels a short page each. */
const pageSizeAt = (depth: number) => (depth === 1 ? 20 : 10);

/** One level of children, fetched a page at a time; each child expands its own level on demand. */
function ChildrenLevel({
  userId,
  onFocus,
  depth,
}: {
  userId: number;
  onFocus: (userName: string) => void;
  depth: number;
}) {
  const { t } = useTranslation();
  const children = useReferralChildren(userId, true, pageSizeAt(depth));
  if (children.error) return <Alert severity="error">{errorMessage(children.error, t)}</Alert>;
  if (!children.data) return <LinearProgress aria-label={t('list.loading')} />;
  const nodes = children.data.pages.flatMap((p) => p.children);
  const total = children.data.pages[0]?.totalChildren ?? nodes.length;
  if (nodes.length === 0)
    return <Typography color="text.secondary">{t('referral.noChildren')}</Typography>;
  return (
    <Box sx={depth > 1 ? { ml: 1.75, pl: 1.25, borderLeft: 1, borderColor: 'divider' } : undefined}>
      <List dense disablePadding data-depth={depth}>
        {nodes.map((node, index) => (
          <ChildItem key={node.id} node={node} number={index + 1} onFocus={onFocus} depth={depth} />
        ))}
      </List>
      {children.hasNextPage && (
        <Button
          size="small"
          onClick={() => void children.fetchNextPage()}
          disabled={children.isFetchingNextPage}
          sx={{ ml: 4 }}
        >
          {t('referral.loadMoreOf', {
            shown: formatNumber(nodes.length),
            total: formatNumber(total),
          })}
        </Button>
      )}
    </Box>
  );
}

function ChildItem({
  node,
  number,
  onFocus,
  depth,
}: {
  node: Node;
  number: number;
  onFocus: (userName: string) => void;
  depth: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const hasChildren = node.childrenCount > 0;
  const expand = hasChildren ? (
    <IconButton
      size="small"
      aria-expanded={open}
      aria-label={t(open ? 'referral.collapse' : 'referral.expand', { name: node.userName })}
      onClick={() => setOpen((o) => !o)}
      sx={{ p: 0.25 }}
    >
      {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
    </IconButton>
  ) : (
    <Box sx={{ width: 24, flexShrink: 0 }} />
  );
  return (
    <ListItem
      disableGutters
      sx={{ display: 'block', py: 0 }}
      data-testid={`referral-node-${node.userName}`}
    >
      <NodeLine node={node} badge={number} onFocus={onFocus} expand={expand} />
      {open && <ChildrenLevel userId={node.id} onFocus={onFocus} depth={depth + 1} />}
    </ListItem>
  );
}

/** The relationship view: parent, user, children with their remitted HEC, and the rewards. */
function Relationship({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useUserReferralRelationship(userId);
  const r = query.data;
  // The side panel is narrow: name and remitted HEC by default, each child opens its user.
  const columns: DataColumn<ChildUser>[] = [
    {
      id: 'userName',
      label: t('fields.userName'),
      render: (c) => (
        <Stack direction="row" spacing={1} alignItems="center">
          <Avatar src={c.avatarUrl ?? undefined} alt="" sx={{ width: 24, height: 24 }} />
          <TruncatedText text={c.userName} max={22} />
        </Stack>
      ),
      hideable: false,
      pinned: true,
    },
    dateTimeField(t, 'registeredAt', { defaultHidden: true }),
    amountField(t, 'totalRemittedHec', 'HEC'),
    {
      id: 'childrenCount',
      label: t('fields.numberOfChildren'),
      render: (c) => formatNumber(c.childrenCount),
      align: 'right',
    },
  ];
  return (
    <SectionCard
      id="referral-relationship"
      title={t('referral.relationship')}
      loading={query.isPending}
      error={query.error}
    >
      {r && (
        <Stack spacing={2}>
          <DetailList
            items={[
              { label: t('referral.user'), value: r.user.userName },
              {
                label: t('referral.parent'),
                value: r.parentUser?.userName ?? t('referral.noParent'),
              },
              {
                label: t('fields.referralRewards'),
                value: <AmountText value={r.referralRewards} unit="HEC" />,
              },
              {
                label: t('fields.bonusRewards'),
                value: <AmountText value={r.bonusRewards} unit="HEC" />,
              },
              { label: t('fields.numberOfChildren'), value: formatNumber(r.totalChildren) },
              { label: t('referral.descendants'), value: formatNumber(r.numberOfDescendants) },
            ]}
          />
          <DataTable
            label={t('referral.children')}
            storageKey="referral-children"
            columns={columns}
            rows={r.childrenUsers}
            total={r.totalChildren}
            getRowId={(c) => c.id}
            loading={query.isFetching}
            onOpenRow={(c) => navigate(`/common/users/${c.id}`)}
            rowLabel={(c) => t('users.openUser', { name: c.userName })}
          />
        </Stack>
      )}
    </SectionCard>
  );
}
