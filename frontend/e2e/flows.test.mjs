// Browser tests: the built app, the real backend (offline LLM), Debian's Chromium.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, beforeEach, describe, test } from 'node:test'
import { launchBrowser, makeSampleData, resetService, screenshot, startBackend } from './harness.mjs'
import { LONG, chooseFolder, downloadAndCheck, expectFinalStatus, fillFullMetadata, openApp, start, verdict } from './pages.mjs'

let backend
let browser
let sampleFolder

before(async () => {
  backend = await startBackend()
  sampleFolder = makeSampleData(backend.work)
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

describe('conversion flows', () => {
  test('(a) full metadata: PASSED_WITH_ISSUES, accept as is, NWB SHA-256 matches the page', async () => {
    const page = await openApp(browser.context, backend.url)
    await page.getByTestId('llm-provider').filter({ hasText: 'offline' }).waitFor()
    await chooseFolder(page, sampleFolder)
    await fillFullMetadata(page)
    await screenshot(page, '01-start-form-filled')

    await start(page)
    await page.getByRole('heading', { name: 'Progress' }).or(page.getByRole('heading', { name: 'Converting…' })).waitFor()
    await screenshot(page, '02-progress')

    const result = await verdict(page)
    assert.ok(result === 'warnings' || result === 'passed', `expected a yellow or green banner, got ${result}`)
    if (result === 'warnings') {
      await page.getByTestId('decision').getByRole('button', { name: /Improve \(attempt 2\)/ }).waitFor()
      // Open the first issue: its details (check name, importance) unfold.
      await page.locator('.MuiAccordionSummary-root').first().click()
      await page.getByText('Inspector importance').first().waitFor()
      await page.waitForTimeout(400) // let the accordion finish opening before the screenshot
      await screenshot(page, '03-results-warnings-decision')
      await page.getByTestId('decision').getByRole('button', { name: 'Accept as is' }).click()
      await expectFinalStatus(page, 'passed_accepted')
    } else {
      await expectFinalStatus(page, 'passed')
    }
    await screenshot(page, '04-results-final')
    await downloadAndCheck(page, 'download-latest', 'sha256-v1')

    await page.getByRole('button', { name: 'Open the logs' }).click()
    const entries = page.getByTestId('log-entries').locator('[data-level]')
    await entries.first().waitFor()
    await screenshot(page, '05-logs')
    assert.ok((await entries.count()) > 3, 'the log shows the session')
    // Newest first: the decision just taken is on top, the upload further down.
    assert.match(await entries.first().innerText(), /accepted|passed/i)
    await page.getByRole('button', { name: 'Close the logs' }).click()

    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, '06-results-narrow')
  })

  test('(b) a second tab uploading during a conversion sees the busy message', async () => {
    const first = await openApp(browser.context, backend.url)
    const second = await openApp(browser.context, backend.url)
    await chooseFolder(second, sampleFolder)
    await chooseFolder(first, sampleFolder)
    await start(first)
    await second.getByTestId('another-session').waitFor({ timeout: LONG })
    await start(second)
    const busy = second.getByTestId('error-busy')
    await busy.filter({ hasText: 'The system is busy with another conversion' }).waitFor()
    await screenshot(second, '07-second-tab-busy')
    await busy.getByRole('button', { name: 'Dismiss this message' }).click()
    await busy.waitFor({ state: 'detached' })
  })

  test('(c) no metadata: FAILED, red banner, decline, failed_user_declined', async () => {
    const page = await openApp(browser.context, backend.url)
    await chooseFolder(page, sampleFolder)
    await start(page)
    assert.equal(await verdict(page), 'failed')
    const title = await page.getByTestId('validation-banner').innerText()
    const critical = Number((await page.getByTestId('count-CRITICAL').innerText()).split(': ')[1])
    const errors = Number((await page.getByTestId('count-ERROR').innerText()).split(': ')[1])
    assert.match(title, new RegExp(`Validation failed with ${critical + errors} errors?`))
    const decision = page.getByTestId('decision')
    await decision.getByRole('button', { name: 'Approve retry (attempt 2)' }).waitFor()
    await screenshot(page, '08-results-failed-decision')
    await decision.getByRole('button', { name: 'Decline' }).click()
    await expectFinalStatus(page, 'failed_user_declined')
    await screenshot(page, '09-results-declined')
  })
})

describe('screens the backend cannot reach yet', () => {
  // The real backend never asks for values today, so this one feeds the page a status with a
  // `metadata` request (WebSocket and /api/status stubbed in the browser) to check and show the dialog.
  test('the input dialog lists each value with why and example, and shows server rejections inline', async () => {
    const page = await browser.context.newPage()
    const snapshot = JSON.parse(readFileSync(new URL('./fixtures/metadata-request.json', import.meta.url), 'utf-8'))
    await page.routeWebSocket(/\/ws$/, (socket) => {
      socket.send(JSON.stringify({ type: 'notification', message: 'connected', metadata: { snapshot } }))
    })
    await page.route('**/api/status', (route) => route.fulfill({ json: snapshot }))
    await page.route('**/api/user-input', (route) =>
      route.fulfill({
        json: { reply: 'Species must be a Latin name.', accepted: { subject_id: 'm042' }, rejected: { species: 'Use a Latin binomial, e.g. Mus musculus.' }, next_action: 'metadata' },
      }),
    )
    await page.goto(backend.url)
    const dialog = page.getByRole('dialog', { name: 'A few details are needed' })
    await dialog.waitFor()
    await dialog.getByText('Why: DANDI groups files by subject.').waitFor()
    await dialog.locator('#ask-subject_id').fill('m042')
    await dialog.locator('#ask-species').fill('Mus musculus')
    await dialog.locator('#ask-age').fill('3 months')
    await dialog.locator('#ask-age').blur()
    await dialog.getByText('"3 months" written as P3M.').waitFor()
    const [request] = await Promise.all([page.waitForRequest('**/api/user-input'), dialog.getByRole('button', { name: 'Send answers' }).click()])
    assert.deepEqual(request.postDataJSON(), { fields: { subject_id: 'm042', species: 'Mus musculus', age: 'P3M' }, skip: ['institution'] })
    await dialog.getByText('Use a Latin binomial, e.g. Mus musculus.').waitFor()
    await screenshot(page, '10-dialog')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, '11-dialog-narrow')
  })
})

describe('flows waiting for the backend', () => {
  test(
    '(d) flow 1: metadata in one chat sentence, FAILED, approve, answer the dialog, passed_improved, NWB and PDF match',
    {
      skip:
        'pending backend: free-text metadata in POST /api/user-input {"message"}, a `metadata` pending_request before ' +
        'conversion, `metadata` questions after an approved retry, PDF report at /api/download/report and report_sha256 in /api/status',
    },
    async () => {
      const page = await openApp(browser.context, backend.url)
      await chooseFolder(page, sampleFolder)
      await start(page)
      const chat = page.getByRole('textbox', { name: 'Message to the assistant' })
      await chat.waitFor()
      await page.getByRole('button', { name: 'Answer in the chat instead' }).click()
      await chat.fill(
        'Mouse m042, female, 90 days old, recorded on 5 March 2024 at 14:30 New York time by Dr. Jane Smith; Neuropixels recording in VISp.',
      )
      await page.getByRole('button', { name: 'Send message' }).click()
      assert.equal(await verdict(page), 'failed')
      await page.getByTestId('decision').getByRole('button', { name: 'Approve retry (attempt 2)' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.waitFor({ timeout: LONG })
      await screenshot(page, '12-dialog-real-backend')
      for (const input of await dialog.locator('input[id^="ask-"], textarea[id^="ask-"]').all()) {
        if (!(await input.inputValue())) await input.fill('Smith Lab')
      }
      await dialog.getByRole('button', { name: 'Send answers' }).click()
      await expectFinalStatus(page, 'passed_improved')
      await downloadAndCheck(page, 'download-latest', 'sha256-v2')
      const pdf = await downloadAndCheck(page, 'download-report', 'report-sha256')
      assert.equal(readFileSync(pdf).subarray(0, 4).toString(), '%PDF')
    },
  )

  test(
    '(e) flow 3: FAILED, decline, JSON report downloaded',
    { skip: 'pending backend: the JSON correction-context report at /api/download/report (report_available is false today)' },
    async () => {
      const page = await openApp(browser.context, backend.url)
      await chooseFolder(page, sampleFolder)
      await start(page)
      assert.equal(await verdict(page), 'failed')
      await page.getByTestId('decision').getByRole('button', { name: 'Decline' }).click()
      await expectFinalStatus(page, 'failed_user_declined')
      const report = page.getByTestId('download-report')
      await report.filter({ hasText: 'JSON' }).waitFor()
      const [download] = await Promise.all([page.waitForEvent('download'), report.click()])
      const body = JSON.parse(readFileSync(await download.path(), 'utf-8'))
      assert.equal(body.overall_status, 'FAILED')
    },
  )
})
