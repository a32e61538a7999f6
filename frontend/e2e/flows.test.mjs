// Browser tests: the built app, the real backend (offline LLM), Debian's Chromium.
// Screenshots of every main screen go to test-results/screenshots/ (look at them).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, beforeEach, describe, test } from 'node:test'
import {
  launchBrowser,
  makeExperiment,
  makeSampleData,
  makeSessionData,
  resetService,
  screenshot,
  sha256Of,
  startBackend,
  uploadThroughApi,
  waitForStatus,
} from './harness.mjs'
import {
  ANSWERS,
  answer,
  askedFields,
  chooseFolder,
  countsInWords,
  decision,
  download,
  downloadAndCheck,
  dropFolder,
  expectFinalStatus,
  fillFullMetadata,
  LONG,
  openApp,
  pickZone,
  sayInChat,
  start,
  verdict,
} from './pages.mjs'

let backend
let browser
let sampleFolder
let sessionFolder

before(async () => {
  backend = await startBackend()
  sampleFolder = makeSampleData(backend.work)
  sessionFolder = makeSessionData(backend.work)
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await backend?.stop()
})

beforeEach(async () => {
  for (const page of browser.context.pages()) await page.close()
  await resetService(backend.url)
})

const NARROW = { width: 390, height: 844 }
const WIDE = { width: 1366, height: 900 }

/** The metadata questions asked before converting, once the upload is in. */
async function metadataDialog(page) {
  const dialog = page.getByRole('dialog', { name: 'Before converting: about this recording' })
  await dialog.waitFor({ timeout: LONG })
  return dialog
}

describe('issue 7 flows', () => {
  test('(1) folder dropped, metadata in one chat sentence, FAILED, approve, answer the dialog, passed_improved, NWB and PDF match the page', async () => {
    const page = await openApp(browser.context, backend.url)
    await page.getByTestId('llm-provider').filter({ hasText: 'offline' }).waitFor()
    await dropFolder(page, sampleFolder)
    await screenshot(page, '01-start')
    await start(page)

    const asked = await metadataDialog(page)
    assert.deepEqual((await askedFields(asked)).slice(0, 6), [
      'subject_id',
      'species',
      'sex',
      'age',
      'session_description',
      'session_start_time',
    ])
    await asked.getByText(/^Why: DANDI files and folders are named after the subject/).waitFor()
    await screenshot(page, '02-metadata-question', { fullPage: false })
    await asked.getByRole('button', { name: 'Answer in the chat instead' }).click()
    await asked.waitFor({ state: 'detached' })
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Message to the assistant')
    // Only part of what DANDI needs, then "just convert": the file fails for want of a subject.
    await sayInChat(page, 'Recorded by Dr. Jane Smith at MIT on 5 March 2024 2:30pm EST, just convert it')
    // The box empties once the service has taken the message (its answer may trail the echo in the log).
    await page.waitForFunction(() => document.querySelector('[aria-label="Message to the assistant"]')?.value === '')
    const converting = page.getByRole('heading', { name: 'Converting…' })
    await converting.or(page.getByTestId('validation-banner')).first().waitFor({ timeout: LONG })
    if (await converting.isVisible()) await screenshot(page, '03-progress')

    assert.equal(await verdict(page), 'failed')
    const retry = await decision(page, 'retry_approval')
    await page.getByText('Subject is missing.').first().waitFor()
    await screenshot(page, '04-results-failed')
    await retry.getByRole('button', { name: 'Approve (attempt 2)' }).click()
    await retry.waitFor({ state: 'detached', timeout: LONG })

    // Correction rounds until the file passes: answer each dialog, approve each proposal.
    for (let round = 0; round < 6; round += 1) {
      const dialog = page.getByRole('dialog', { name: 'Values for the correction' })
      const proposal = page.locator('[data-testid="decision"][data-kind$="_approval"]')
      const done = page.getByTestId('final-status')
      await dialog.or(proposal).or(done).first().waitFor({ timeout: LONG })
      if (await done.isVisible()) break
      if (await proposal.isVisible()) {
        await proposal.getByRole('button', { name: /^(Approve|Improve) \(attempt \d\)$/ }).click()
        await proposal.waitFor({ state: 'detached', timeout: LONG })
        continue
      }
      for (const name of await askedFields(dialog)) {
        assert.ok(name in ANSWERS, `the dialog asks ${name}, which this test cannot answer`)
        await answer(page, dialog, name, ANSWERS[name])
      }
      if (round === 0) {
        await dialog.getByText("'12 weeks' -> P12W.").waitFor() // the server's own rule, shown as it is typed
        await screenshot(page, '05-correction-dialog', { fullPage: false })
      }
      await dialog.getByRole('button', { name: 'Send answers' }).click()
      await dialog.waitFor({ state: 'detached', timeout: LONG })
    }
    await expectFinalStatus(page, 'passed_improved')
    assert.equal(await verdict(page), 'passed')
    await page.getByTestId('correction-1').getByText('Fixed automatically').waitFor()
    await page
      .getByText(/Device description: \(empty\) →/)
      .first()
      .waitFor()
    await screenshot(page, '07-improved')

    const versions = await page.locator('[data-testid^="version-v"]').count()
    assert.ok(versions >= 2, 'every corrected version is listed')
    await downloadAndCheck(page, 'download-latest', 'latest-sha256')
    const pdf = await downloadAndCheck(page, 'download-report', 'report-sha256')
    assert.equal(readFileSync(pdf).subarray(0, 4).toString(), '%PDF')
    const spec = await download(page, page.getByTestId(`spec-v${versions}`))
    assert.match(readFileSync(spec, 'utf-8'), /SpikeGLX/)

    await page.getByRole('button', { name: 'Open the logs' }).click()
    const entries = page.getByTestId('log-entries').locator('[data-level]')
    await entries.first().waitFor()
    assert.ok((await entries.count()) > 3, 'the log shows the session')
    await page
      .getByText(/^Auto-fix:/)
      .first()
      .waitFor() // automatic fixes are logged with their reason
    await screenshot(page, '08-logs', { fullPage: false })
    await page.getByRole('button', { name: 'Close the logs' }).click()

    await page.setViewportSize(NARROW)
    await screenshot(page, '09-improved-narrow')
    await page.setViewportSize(WIDE)
  })

  test('(2) full metadata in the form: PASSED_WITH_ISSUES, accept as is, passed_accepted', async () => {
    const page = await openApp(browser.context, backend.url)
    await chooseFolder(page, sampleFolder)
    await fillFullMetadata(page)
    await screenshot(page, '10-start-form-filled')
    await start(page)

    assert.equal(await verdict(page), 'warnings')
    const choice = await decision(page, 'improvement_approval')
    await choice.getByRole('button', { name: 'Improve (attempt 2)' }).waitFor()
    await page.locator('.MuiAccordionSummary-root').first().click() // an issue opens to say what it means
    await page.getByText('Inspector importance').first().waitFor()
    await page.waitForTimeout(400) // let the accordion finish opening before the screenshot
    await screenshot(page, '11-results-warnings')
    await choice.getByRole('button', { name: 'Accept as is' }).click()
    await expectFinalStatus(page, 'passed_accepted')
    await page.getByTestId('decision').waitFor({ state: 'detached' })
    await screenshot(page, '12-accepted')
    await downloadAndCheck(page, 'download-latest', 'sha256-v1')
  })

  test('(3) FAILED, decline, the JSON correction report is downloaded', async () => {
    const page = await openApp(browser.context, backend.url)
    await dropFolder(page, sampleFolder)
    await start(page)
    const asked = await metadataDialog(page)
    await page.setViewportSize(NARROW)
    await screenshot(page, '13-metadata-question-narrow', { fullPage: false })
    await page.setViewportSize(WIDE)
    await asked.getByRole('button', { name: 'Skip the empty ones' }).click() // skip every question
    // The one thing never skipped: the files' start time has no zone, so only the zone is asked, the time filled in.
    const zoneOnly = (await metadataDialog(page)).filter({ hasText: 'I cannot convert without one value' })
    await zoneOnly.waitFor({ timeout: LONG })
    assert.deepEqual(await askedFields(zoneOnly), ['session_start_time'])
    await pickZone(page, zoneOnly, 'ask-session_start_time', 'America/New_York')
    await zoneOnly.getByText(/^Sent as 20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d-0[45]:00$/).waitFor()
    await screenshot(page, '13b-zone-question', { fullPage: false })
    await zoneOnly.getByRole('button', { name: 'Send answers' }).click()

    assert.equal(await verdict(page), 'failed')
    // The verdict names each count as its chip does ("1 critical issue" above "Critical issues: 1").
    const title = await page.getByTestId('validation-banner').textContent()
    assert.match(title, /^Failed validation with /)
    for (const words of await countsInWords(page)) assert.ok(title.includes(words), `${words} not in "${title}"`)
    const retry = await decision(page, 'retry_approval')
    await retry.getByRole('button', { name: 'Decline' }).click()
    await expectFinalStatus(page, 'failed_user_declined')

    const report = page.getByTestId('download-report')
    await report.filter({ hasText: 'JSON' }).waitFor()
    await screenshot(page, '14-declined')
    const path = await download(page, report)
    const body = JSON.parse(readFileSync(path, 'utf-8'))
    assert.equal(body.overall_status, 'FAILED')
    assert.ok(body.issues.some((issue) => issue.check_name === 'check_subject_exists'))
  })

  test('(4) a second tab uploading during a conversion sees the busy message', async () => {
    const first = await openApp(browser.context, backend.url)
    const second = await openApp(browser.context, backend.url)
    await chooseFolder(second, sampleFolder)
    await chooseFolder(first, sampleFolder)
    await start(first)
    await second.getByTestId('another-session').waitFor({ timeout: LONG })
    await start(second)
    const busy = second.getByTestId('error-busy')
    await busy.filter({ hasText: 'The system is busy with another conversion' }).waitFor()
    await screenshot(second, '15-second-tab-busy')
    await busy.getByRole('button', { name: 'Dismiss this message' }).click()
    await busy.waitFor({ state: 'detached' })
  })

  test('issue 14: a guess in a sentence is asked back and one click stores it; the values read from words are shown before converting', async () => {
    const page = await openApp(browser.context, backend.url)
    await chooseFolder(page, sampleFolder)
    await start(page)
    const asked = await metadataDialog(page)
    await asked.getByRole('button', { name: 'Answer in the chat instead' }).click()
    await asked.waitFor({ state: 'detached' })
    await sayInChat(
      page,
      'Monkey M12, female, 7 years old, V1 recording by Jan de Vries, started 5 March 2024 2:30pm EST',
    )

    // "Monkey" names several species: nothing is written, the guess is asked back with one-click answers.
    const guess = await decision(page, 'confirm_value')
    await guess.getByText('Did you mean rhesus macaque (Macaca mulatta)?').waitFor()
    await screenshot(page, '24-did-you-mean')
    // Talk is no answer: the same question comes back, nothing stored.
    await sayInChat(page, 'hmm')
    await page
      .getByRole('log', { name: 'Messages' })
      .getByText(/^I did not catch a yes or a no\./)
      .waitFor()
    const again = await decision(page, 'confirm_value')
    await screenshot(page, '24b-asked-again')
    await again.getByRole('button', { name: 'Yes, rhesus macaque (Macaca mulatta)' }).click()

    // Before the first conversion, what the words gave is shown once, each value editable in place.
    const summary = page.getByTestId('summary')
    await summary.waitFor({ timeout: LONG })
    const shown = async (name) => summary.locator(`#summary-${name}`).inputValue()
    assert.equal(await shown('species'), 'Macaca mulatta')
    assert.equal(await shown('subject_id'), 'M12')
    assert.equal(await shown('age'), 'P7Y')
    assert.equal(await shown('experimenter'), 'de Vries, Jan')
    assert.equal(await shown('session_start_time'), '2024-03-05T14:30:00-05:00')
    assert.equal(await shown('electrode_location'), 'VISp')
    await page
      .getByRole('log', { name: 'Messages' })
      .getByText(/^This goes into the file: subject ID: M12; species: Macaca mulatta/)
      .waitFor()
    await screenshot(page, '25-summary-before-converting')
    await summary.locator('#summary-age').fill('8 years') // edited in place
    await summary.getByRole('button', { name: 'Write these values' }).click()
    await summary.waitFor({ state: 'detached', timeout: LONG })
    await verdict(page)
    const written = await (await fetch(`${backend.url}/api/status`)).json()
    assert.equal(written.file_info.subject.species, 'Macaca mulatta')
    assert.equal(written.file_info.subject.age, 'P8Y')
    assert.deepEqual(written.metadata.experimenter, ['de Vries, Jan'])
    assert.equal(written.metadata_sources.species, 'confirmed')
    assert.equal(written.metadata_sources.age, 'form')
  })

  test('a refused value shows next to its field; a correction that changes nothing offers three ways out; stop ends it', async () => {
    const page = await openApp(browser.context, backend.url)
    await chooseFolder(page, sampleFolder)
    await fillFullMetadata(page)
    await start(page)
    const first = await decision(page, 'improvement_approval')
    await first.getByRole('button', { name: 'Improve (attempt 2)' }).click()

    // Descriptions too short for the server's rules (the page has none for them): it says why, per field.
    const dialog = page.getByRole('dialog', { name: 'Values for the correction' })
    await dialog.waitFor({ timeout: LONG })
    const names = await askedFields(dialog)
    assert.deepEqual(names.sort(), ['experiment_description', 'subject_description'])
    for (const name of names) await answer(page, dialog, name, 'x')
    await dialog.getByRole('button', { name: 'Send answers' }).click()
    for (const name of names)
      await dialog
        .getByTestId(`ask-${name}`)
        .getByText(/too short to describe anything/)
        .waitFor({ timeout: LONG })
    await screenshot(page, '16-correction-refused-inline', { fullPage: false })

    // Then give nothing new, twice: the second round changes nothing.
    for (let round = 0; round < 2; round += 1) {
      if (round > 0) {
        const again = await decision(page, 'improvement_approval')
        await again.getByRole('button', { name: /^Improve/ }).click()
        await dialog.waitFor({ timeout: LONG })
      }
      for (const name of await askedFields(dialog)) await dialog.locator(`#ask-${name}`).fill('')
      await dialog.getByRole('button', { name: 'Skip the empty ones' }).click()
      await dialog.waitFor({ state: 'detached', timeout: LONG })
    }

    const stuck = await decision(page, 'no_progress')
    assert.deepEqual(await stuck.getByRole('button').allTextContents(), ['Accept as is', 'Different approach', 'Stop'])
    await stuck.getByText('End here without a valid file').waitFor()
    await screenshot(page, '17-no-progress')
    await stuck.getByRole('button', { name: 'Stop' }).click()
    await expectFinalStatus(page, 'failed_user_abandoned')
    await screenshot(page, '18-abandoned')
  })
})

describe('issue 16: sessions and disk', () => {
  test('the sessions list shows an earlier session with its size, re-opens it, downloads its NWB file, deletes it', async () => {
    // An earlier session, finished (accepted as is), and a newer one still waiting for an answer.
    const earlier = await uploadThroughApi(backend.url, sampleFolder, {
      subject_id: 'm042',
      species: 'Mus musculus',
      sex: 'F',
      age: 'P90D',
      session_description: 'Earlier sample session in V1',
      session_start_time: '2024-03-05T14:30:00-05:00',
      experimenter: 'Smith, Jane',
      institution: 'University of Example',
      lab: 'Smith Lab',
      experiment_description: 'Spontaneous activity in primary visual cortex',
      keywords: 'electrophysiology, V1',
      electrode_location: 'VISp',
    })
    await waitForStatus(
      backend.url,
      (s) => s.status === 'awaiting_user_input' && s.pending_request?.type === 'improvement_approval',
    )
    const accepted = await fetch(`${backend.url}/api/retry-approval`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ approved: false, accept_as_is: true }),
    })
    assert.equal(accepted.status, 200)
    const running = await uploadThroughApi(backend.url, sampleFolder, {})
    await waitForStatus(backend.url, (s) => s.status === 'awaiting_user_input')

    const page = await openApp(browser.context, backend.url)
    // The running session's question opens by itself; put it aside to look at the sessions.
    const question = await metadataDialog(page)
    await page.keyboard.press('Escape')
    await question.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Open the sessions' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sessions' })
    const row = dialog.getByTestId(`session-${earlier.session_id}`)
    await row.waitFor()
    const size = await row.getByTestId('session-size').textContent()
    assert.match(size, /^\d+(\.\d)? [KMG]B in all: upload \d+(\.\d)? [KMG]B, NWB files and reports \d+(\.\d)? [KMG]B/)
    await row.getByText(/^Accepted as is by you: valid with/).waitFor()
    const current = dialog.getByTestId(`session-${running.session_id}`)
    assert.equal(await current.getByRole('button', { name: /^Delete session/ }).isDisabled(), true)
    await screenshot(page, '22-sessions', { fullPage: false })

    await row.getByRole('button', { name: /^Open session/ }).click()
    const opened = page.getByTestId('opened-session')
    await opened.waitFor()
    await screenshot(page, '23-session-reopened', { fullPage: false })
    const shown = (await opened.getByTestId('latest-sha256').textContent()).replace(/^.*SHA-256\s*/, '').trim()
    const path = await download(page, opened.getByTestId('download-latest'))
    assert.equal(await sha256Of(path), shown)
    assert.match(path, /\.nwb$/)

    await page.getByRole('button', { name: 'All sessions' }).click()
    await row.getByRole('button', { name: /^Delete session/ }).click()
    await page.getByTestId('confirm-delete').click()
    await dialog
      .getByTestId('sessions-notice')
      .filter({ hasText: `Deleted session ${earlier.session_id}` })
      .waitFor()
    await row.waitFor({ state: 'detached' })
    const left = await (await fetch(`${backend.url}/api/sessions`)).json()
    assert.ok(!left.sessions.some((s) => s.session_id === earlier.session_id))
    assert.ok(left.sessions.some((s) => s.session_id === running.session_id))
    assert.equal((await fetch(`${backend.url}/api/sessions/${earlier.session_id}`)).status, 404)
  })
})

describe('issue 18 batch', () => {
  test('a parent folder dropped, the sessions table shown and edited, the batch run, every row final, summary downloaded', async () => {
    const parent = makeExperiment(backend.work)
    const page = await openApp(browser.context, backend.url)
    await page.setViewportSize(WIDE)
    await page.getByTestId('view-batch').click()
    await dropFolder(page, parent, 'Folder experiment (9 files)')
    await page.getByTestId('find-sessions').click()
    await page.getByTestId('batch-pattern').filter({ hasText: '{subject_id}/{session_id}' }).waitFor({ timeout: LONG })

    // The table shows the sessions found, with the IDs read from the folder names.
    const table = page.getByRole('table', { name: 'Sessions table' })
    for (const folder of ['m1/day1', 'm1/day2', 'm2/day1']) await table.getByTestId(`table-row-${folder}`).waitFor()
    assert.equal(await table.getByLabel('m2/day1 subject_id').inputValue(), 'm2')
    assert.equal(await table.getByLabel('m1/day2 session_id').inputValue(), 'day2')
    await page.getByTestId('missing-values').filter({ hasText: 'sex' }).waitFor()

    // Shared values once, then the per-session values in the grid.
    const batchPage = page.getByTestId('batch-page')
    await batchPage.getByLabel('Species', { exact: true }).fill('mouse')
    await batchPage.getByLabel('Session description', { exact: true }).fill('Spontaneous activity, batch browser test')
    await batchPage.getByLabel('Time zone', { exact: true }).fill('Europe/Paris')
    await batchPage.getByLabel('Accept files that pass with warnings as they are').check()
    await page.getByTestId('save-shared').click()
    await page.getByTestId('batch-message').filter({ hasText: 'Shared values saved' }).waitFor()
    const values = { 'm1/day1': ['F', 'P90D'], 'm1/day2': ['F', 'P91D'], 'm2/day1': ['M', 'P60D'] }
    for (const [folder, [sex, age]] of Object.entries(values)) {
      await table.getByLabel(`${folder} sex`).fill(sex)
      await table.getByLabel(`${folder} age`).fill(age)
    }
    await table.getByLabel('m2/day1 session_start_time').fill('2024-03-05 09:30')
    await page.getByTestId('save-table').click()
    await page.getByTestId('missing-values').filter({ hasText: 'Nothing missing' }).waitFor({ timeout: LONG })
    await screenshot(page, 'batch-table')

    await page.getByTestId('run-batch').click()
    const statuses = page.getByTestId('session-status')
    const final = new Set(['passed', 'passed_with_issues', 'failed', 'input_needed', 'lost'])
    const deadline = Date.now() + 10 * LONG
    let seen = []
    while (Date.now() < deadline) {
      seen = await statuses.evaluateAll((chips) => chips.map((chip) => chip.dataset.status))
      if (seen.length === 3 && seen.every((status) => final.has(status))) break
      await page.waitForTimeout(500)
    }
    assert.deepEqual(seen, ['passed', 'passed', 'passed'])
    await page.getByTestId('summary-csv').waitFor()
    await screenshot(page, 'batch-finished')
    const summary = readFileSync(await download(page, page.getByTestId('summary-csv')), 'utf8')
      .trim()
      .split('\n')
    assert.equal(summary.length, 4)
    assert.ok(summary[0].startsWith('session,subject_id,session_id,status'))
    for (const line of summary.slice(1)) assert.match(line, /,passed,/)
  })
})

describe('issue 13: whole sessions', () => {
  test('a session folder with raw data and a sorting: the combined plan is shown, converted into one file holding both', async () => {
    const page = await openApp(browser.context, backend.url)
    await dropFolder(page, sessionFolder, 'Folder sample_run_g0 (14 files)')
    await fillFullMetadata(page)
    await start(page)

    // Phy and Kilosort read the sorting folder alike: the one question, asked with the whole plan in view.
    const choice = await decision(page, 'format_choice')
    const plan = page.getByTestId('session-plan')
    await plan.waitFor({ timeout: LONG })
    const streams = plan.getByTestId('plan-stream')
    assert.equal(await streams.count(), 3)
    const kinds = await streams.evaluateAll((rows) => rows.map((row) => row.dataset.kind))
    assert.deepEqual(kinds, ['recording', 'sorting', 'events'])
    await plan.getByText('3 streams combined into one NWB file').waitFor()
    await plan.getByText('linked to imec0.ap').waitFor()
    await screenshot(page, '20-session-plan')
    await choice.getByRole('button', { name: 'PhySortingInterface' }).click()

    assert.equal(await verdict(page), 'warnings')
    const contents = page.getByTestId('file-contents')
    await contents.waitFor({ timeout: LONG })
    assert.match(await page.getByTestId('file-contents-raw').textContent(), /ElectricalSeriesAP/)
    assert.match(await page.getByTestId('file-contents-units').textContent(), /6 \(6 linked to electrodes\)/)
    assert.match(
      await page.getByTestId('file-contents-streams').textContent(),
      /SpikeGLXConverterPipe \(recording\), PhySortingInterface \(sorting\), CsvTimeIntervalsInterface \(events\)/,
    )
    await screenshot(page, '21-session-results')
  })
})
