import type { AuditChainStatus } from '@centric/contracts';
import { Alert, Badge, List, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';

const KIND_LABELS: Record<AuditChainStatus['findings'][number]['kind'], string> = {
  rewritten: 'Rewritten',
  missing: 'Missing',
  forged: 'Forged',
  checkpoint: 'Checkpoint',
};

/**
 * What Verify integrity found: the verdict in a sentence when the trail is intact, and each finding on its
 * own line (rewritten, missing, forged, an edited checkpoint) when it is not, so a compliance officer can
 * read them one by one.
 */
export const AuditChainVerdict = ({ status }: { status: AuditChainStatus & { message: string } }) =>
  status.ok ? (
    <Alert mt="md" role="status" color="teal" icon={<IconShieldCheck size={18} />} title="Audit trail intact">
      {status.message}
    </Alert>
  ) : (
    <Alert mt="md" role="alert" color="red" icon={<IconShieldX size={18} />} title="Audit trail altered">
      <Text size="sm" mb="xs">
        {`${status.findings.length === 1 ? 'One finding' : `${status.findings.length} findings`} over ${status.checked} ${status.checked === 1 ? 'row' : 'rows'}:`}
      </Text>
      <List size="sm" spacing={6} aria-label="Findings">
        {status.findings.map((finding) => (
          <List.Item
            key={`${finding.kind}-${finding.id}-${finding.message}`}
            icon={
              <Badge color="red" variant="light" size="sm" w={104}>
                {KIND_LABELS[finding.kind]}
              </Badge>
            }
          >
            {finding.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
