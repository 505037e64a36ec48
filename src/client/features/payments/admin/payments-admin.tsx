// /payments/payments/: every payment of the college, filtered from the address and read in pages, with
// a CSV of what the filters show, payments taken at the office, receipts and refunds; and a summary of
// what came in against what was due, per grade and per month.

import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Download, Plus } from 'lucide-react'
import { useState } from 'react'
import type { FeeSummaryRow } from '#shared/payments.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { queryString, useRemote } from '../../../platform/remote.ts'
import { saveBlob } from '../../../platform/save-file.ts'
import { userAtom } from '../../../platform/session.ts'
import { useCollegeZone } from '../../../platform/use-college-zone.ts'
import { AriaButton } from '../../../ui/aria-button.tsx'
import { PageHeader } from '../../../ui/page-header.tsx'
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/tabs.tsx'
import { useAction } from '../../../ui/use-action.ts'
import { fileNameOf, filtersOf, type PaymentsSearch, privateFile } from './admin-kit.tsx'
import { SummaryPanel } from './collection-summary.tsx'
import { Records } from './payment-records.tsx'
import { RecordPaymentDialog } from './record-payment-dialog.tsx'

export type { PaymentsSearch }

export function PaymentsAdmin({
  search,
  onSearch,
}: {
  search: PaymentsSearch
  onSearch: (next: PaymentsSearch) => void
}) {
  const { t } = useLingui()
  const me = useAtomValue(userAtom)
  // The fees and their students are read through the fees API, which needs its own permission.
  const managesFees = Boolean(me?.permissions.includes('fees.manage'))
  const fees = useRemote<{ data: FeeSummaryRow[] }>(managesFees ? 'api/v1/fees' : null)
  const tab = search.tab ?? 'records'
  const [recording, setRecording] = useState(false)
  const [recorded, setRecorded] = useState(0)
  const { busy: exporting, act } = useAction()
  const zone = useCollegeZone()

  const exportCsv = () =>
    act(async () => {
      const response = await privateFile(`api/v1/payments/export.csv${queryString(filtersOf(search))}`)
      saveBlob(
        await response.blob(),
        fileNameOf(response.headers.get('Content-Disposition')) ?? `payments-${todayIn(zone)}.csv`,
      )
    }, t`The CSV file has been saved to your downloads.`)

  return (
    <>
      <PageHeader
        title={t`Payments`}
        description={t`What families paid online, and what the office recorded by hand.`}
        actions={
          <>
            <AriaButton variant="secondary" isPending={exporting} onPress={() => void exportCsv()}>
              <Download aria-hidden="true" className="size-4" />
              {t`Export CSV`}
            </AriaButton>
            {managesFees && (
              <AriaButton onPress={() => setRecording(true)}>
                <Plus aria-hidden="true" className="size-4" />
                {t`Record payment`}
              </AriaButton>
            )}
          </>
        }
      />
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => onSearch({ ...search, tab: key === 'summary' ? 'summary' : undefined })}
      >
        <TabList label={t`Payments`}>
          <Tab id="records">
            <Trans>Records</Trans>
          </Tab>
          <Tab id="summary">
            <Trans>Summary</Trans>
          </Tab>
        </TabList>
        <TabPanel id="records">
          <Records search={search} onSearch={onSearch} fees={fees.data?.data} refresh={recorded} />
        </TabPanel>
        <TabPanel id="summary">
          <SummaryPanel />
        </TabPanel>
      </Tabs>
      {recording && (
        <RecordPaymentDialog
          fees={fees.data?.data}
          feesFailed={fees.status === 'error' || fees.status === 'offline'}
          initialFee={search.fee}
          onClose={() => setRecording(false)}
          onSaved={() => {
            setRecording(false)
            setRecorded((n) => n + 1)
            fees.reload()
          }}
        />
      )}
    </>
  )
}
