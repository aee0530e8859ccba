"""`{% panel p %}`: draws a panel that an app above gave a page (accounts.hooks.Panel), as
`{% include %}` would: in the page's context, with the panel's own on top."""

from django import template

from accounts.hooks import Panel

register = template.Library()


@register.simple_tag(takes_context=True)
def panel(context: template.Context, panel: Panel) -> str:
    drawn = context.template.engine.get_template(panel.template)
    with context.push(panel.context):
        return drawn.render(context)
