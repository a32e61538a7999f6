import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ValidationStatus } from '../api/types'
import { OutcomeBanner } from './OutcomeBanner'

describe('OutcomeBanner', () => {
  it.each<[ValidationStatus, string, string]>([
    ['passed', 'Done: the file passed validation', 'success'],
    ['passed_improved', 'Done: the corrections worked', 'success'],
    ['passed_accepted', 'Done: you accepted the file as it is', 'success'],
    ['failed_user_declined', 'Stopped: you declined the corrections', 'error'],
    ['failed_user_abandoned', 'Stopped before the corrections were finished', 'error'],
  ])('says %s in plain words', (status, title, severity) => {
    render(<OutcomeBanner status={status} />)
    const banner = screen.getByTestId('final-status')
    expect(banner).toHaveTextContent(title)
    expect(banner.textContent).not.toMatch(/[a-z]+_[a-z]+/) // no internal codes such as passed_improved
    expect(banner.className).toContain(severity === 'success' ? 'Success' : 'Error')
  })
})
