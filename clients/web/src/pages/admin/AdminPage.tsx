// The admin console's overview: processing stats, the news-search quota, external API health, jobs, maintenance actions, bill backfills, data-source switches, the language model, the LLM batch and users, for admins only.
import type { ReactNode } from 'react';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useSession } from '../../session/session-context.tsx';
import { RequireSignedIn } from '../../session/RequireSignedIn.tsx';
import { BackfillsSection } from './BackfillsSection.tsx';
import { DataSourcesSection } from './DataSourcesSection.tsx';
import { DemoReplaySection } from './DemoReplaySection.tsx';
import { HealthSection } from './HealthSection.tsx';
import { JobsSection } from './JobsSection.tsx';
import { LlmSection } from './LlmSection.tsx';
import { MaintenanceSection } from './MaintenanceSection.tsx';
import { LlmBatchSection } from './LlmBatchSection.tsx';
import { NewsSection } from './NewsSection.tsx';
import { StatsSection } from './StatsSection.tsx';
import { UsersSection } from './UsersSection.tsx';

export default function AdminPage() {
  return (
    <RequireSignedIn what="use the admin console">
      <PageHeading>Admin</PageHeading>
      <AdminOnly>
        <StatsSection />
        <NewsSection />
        <HealthSection />
        <JobsSection />
        <MaintenanceSection />
        <BackfillsSection />
        <DataSourcesSection />
        <LlmSection />
        <LlmBatchSection />
        <UsersSection />
        <DemoReplaySection />
      </AdminOnly>
    </RequireSignedIn>
  );
}

function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session.isAdmin) {
    return (
      <div className="usa-alert usa-alert--warning" role="status">
        <div className="usa-alert__body">
          <p className="usa-alert__text">The admin console is for administrators. Ask an administrator to promote your account.</p>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}
