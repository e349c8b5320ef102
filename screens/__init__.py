"""Textual screens, widgets and styles: presentation and input only.

Screens never change state themselves: they send commands of the contract through the
controller and render the projections it gives back.
"""
