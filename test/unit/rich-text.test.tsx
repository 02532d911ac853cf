import { render, screen } from '@testing-library/react';
import { requestSanitizer, RichText } from '../../src/views/shared/rich-text';

const HTML = '<p>Ordre du jour : <strong>budget</strong></p><script>alert("x")</script><a href="javascript:alert(1)">lien</a>';

describe('rich text in a list', () => {
  it('shows the plain text at once, without markup and without script text', () => {
    const { container } = render(<RichText html={HTML} className="rich-text" />);
    const block = container.querySelector('.rich-text')!;
    expect(block.textContent).toBe('Ordre du jour : budgetlien');
    expect(block.querySelector('strong, script, a')).toBeNull();
  });

  it('loads no sanitizer by itself', async () => {
    const { container } = render(<RichText html={HTML} className="rich-text" />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container.querySelector('strong')).toBeNull();
  });

  it('then shows the markup sanitized by DOMPurify, once asked for and loaded', async () => {
    const { container } = render(<RichText html={HTML} className="rich-text" />);
    requestSanitizer();
    expect(await screen.findByText('budget', { selector: 'strong' })).toBeInTheDocument();
    const block = container.querySelector('.rich-text')!;
    expect(block.querySelector('script')).toBeNull();
    expect(screen.getByText('lien')).not.toHaveAttribute('href', 'javascript:alert(1)');
  });
});
