import { QueryState } from '../../../components/query-state.tsx';
import { useSysconfig } from '../api/get-sysconfig.ts';
import { FirmSettingsForm } from './firm-settings-form.tsx';
import { FirmSettingsSkeleton } from './firm-settings-skeleton.tsx';

/** The firm's settings once loaded (GET /api/sysconfig): a skeleton first, the reason and Try again on failure. */
export const FirmSettingsPanel = ({ canWrite }: { canWrite: boolean }) => {
  const query = useSysconfig();
  return (
    <QueryState
      query={query}
      loading={<FirmSettingsSkeleton />}
      errorTitle="The settings could not be loaded"
    >
      {(saved) => <FirmSettingsForm saved={saved} canWrite={canWrite} />}
    </QueryState>
  );
};
